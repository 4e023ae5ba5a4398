import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, textResponse } from '@/test/fetch-mock';
import { findToast, renderWithProviders } from '@/test/render';
import { AppRoutes } from './router';
import { sandboxConfig } from '@/test/fixtures';

function serveSite() {
  return mockFetch((url) => {
    if (url === '/api/config') return jsonResponse(sandboxConfig);
    if (url === '/api/tickets' || url === '/api/merchandise' || url === '/api/sponsorship-tiers')
      return jsonResponse([]);
    return textResponse('not found', 404);
  });
}

describe('app routes', () => {
  let scrollIntoView: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads the not-found screen on demand for an unknown path', async () => {
    serveSite();
    renderWithProviders(<AppRoutes />, { route: '/no-such-page' });

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('404 Page Not Found'));
  });

  it('renders the home page with the event from the config', async () => {
    serveSite();
    renderWithProviders(<AppRoutes />);

    expect(await screen.findByRole('heading', { level: 1, name: 'CodeWave Miami 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the Waitlist' })).toHaveAttribute('href', '/#register');
    expect(screen.getByRole('link', { name: 'Pre-Purchase Tickets' })).toHaveAttribute('href', '/#tickets');
    expect(screen.getByRole('button', { name: 'Share Event' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('CodeWave Miami 2026'));
  });

  it('loads each programme page on demand, as the server renders it', async () => {
    const fetchSpy = mockFetch((url) => {
      if (url === '/api/config') return jsonResponse(sandboxConfig);
      const page = `<html><head><title>${url} | CodeWave Miami 2026</title></head><body>
        <div id="programme-page" data-timezone="America/New_York"><h1>Page ${url}</h1></div></body></html>`;
      return new Response(page, { headers: { 'Content-Type': 'text/html' } });
    });
    for (const route of [
      '/schedule',
      '/schedule/changes',
      '/sessions/opening',
      '/speakers',
      '/speakers/ada',
      '/my-schedule',
    ]) {
      const { unmount } = renderWithProviders(<AppRoutes />, { route });
      expect(await screen.findByRole('heading', { level: 1, name: `Page ${route}` })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${route} | CodeWave Miami 2026`));
      unmount();
    }
    expect(fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/config')).toHaveLength(6);
  });

  it('loads the ticket checkout on demand and sends an unknown ticket type home', async () => {
    serveSite();
    renderWithProviders(<AppRoutes />, { route: '/checkout/no-such-type' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const toast = await findToast('Invalid Ticket Type');
    expect(toast).toHaveTextContent('The selected ticket type does not exist');
    expect(await screen.findByRole('heading', { level: 1, name: 'CodeWave Miami 2026' })).toBeInTheDocument();
  });

  it('goes to the home page section when an anchor link is chosen on another page', async () => {
    serveSite();
    const { user } = renderWithProviders(<AppRoutes />, { route: '/no-such-page' });

    const footer = screen.getByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Register' }));

    const register = await screen.findByRole('region', { name: 'Join the Waitlist' });
    expect(register).toHaveAttribute('id', 'register');
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(register);
    expect(register).toHaveFocus();
  });

  it('opens the mobile menu and closes it when a link is chosen', async () => {
    serveSite();
    const { user } = renderWithProviders(<AppRoutes />, { route: '/no-such-page' });

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(menu).toBeVisible();

    await user.click(within(menu!).getByRole('link', { name: 'Venue' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('loads the merchandise confirmation on demand and says when the payment information is missing', async () => {
    serveSite();
    renderWithProviders(<AppRoutes />, { route: '/merchandise-confirmation' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmation Failed' })).toBeInTheDocument();
    expect(screen.getByText('Missing payment information in URL')).toBeInTheDocument();
  });

  it('loads the merchandise checkout on demand and shows the error screen for an unknown item', async () => {
    serveSite();
    renderWithProviders(<AppRoutes />, { route: '/merchandise-checkout/999' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Error' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('loads the sponsor payment and confirmation screens on demand', async () => {
    serveSite();
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/sponsor-payment' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Become a Sponsor' })).toBeInTheDocument();
    unmount();

    renderWithProviders(<AppRoutes />, { route: '/sponsor-confirmation?redirect_status=failed' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Not Completed' })).toBeInTheDocument();
  });
});
