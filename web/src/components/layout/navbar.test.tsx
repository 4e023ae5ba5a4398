import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrowserRouter } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests, sandboxConfig } from '@/test/fixtures';
import { Navbar } from './navbar';

function renderNavbar() {
  mockFetch(routeRequests({ '/api/config': () => jsonResponse(sandboxConfig) }));
  const user = userEvent.setup();
  render(
    <BrowserRouter>
      <Navbar />
    </BrowserRouter>,
  );
  const toggle = screen.getByRole('button', { name: 'Open menu' });
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
  return { user, toggle, menu };
}

describe('the mobile menu', () => {
  beforeEach(() => window.history.replaceState(null, '', '/sponsorship'));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('moves focus to its first link when it opens', async () => {
    const { user, toggle, menu } = renderNavbar();

    await user.click(toggle);

    expect(menu).toBeVisible();
    expect(within(menu).getAllByRole('link')[0]).toHaveFocus();
  });

  it('gives focus back to the toggle when Escape closes it', async () => {
    const { user, toggle, menu } = renderNavbar();
    await user.click(toggle);

    await user.keyboard('{Escape}');

    expect(menu).not.toBeVisible();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('gives focus back to the toggle when the toggle closes it', async () => {
    const { user, toggle, menu } = renderNavbar();
    await user.click(toggle);
    expect(within(menu).getAllByRole('link')[0]).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Close menu' }));

    expect(menu).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('closes on the back and forward buttons', async () => {
    const { user, toggle, menu } = renderNavbar();
    await user.click(toggle);
    expect(menu).toBeVisible();

    // what the browser does on Back: the history entry changes, then popstate
    await act(async () => {
      window.history.pushState({ key: 'earlier' }, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });

    expect(menu).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
