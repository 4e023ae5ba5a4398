import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { deferred, mockFetch } from '@/test/fetch-mock';

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  vi.resetModules();
});

/**
 * The module as a fresh page load evaluates it, after the served document is in place, with the router and
 * providers of the same module graph.
 */
async function loadPage() {
  const [{ ProgrammePage }, { renderWithProviders }] = await Promise.all([
    import('./programme-page'),
    import('@/test/render'),
  ]);
  return { ProgrammePage, renderWithProviders };
}

/** The addresses fetched, but for the event's details (the frame's title uses them). */
const pagesFetched = (spy: ReturnType<typeof mockFetch>) =>
  spy.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/config');

const speakersPage = `<!doctype html><html data-programme><head><title>Speakers | CodeWave Miami 2026</title>
  <meta name="description" content="Who speaks at CodeWave."></head><body><div id="root">
  <div id="programme-page" data-timezone="America/New_York" data-zone-label="Miami time">
    <h1>Speakers</h1>
    <div data-session="opening" data-start="2026-05-18T09:00:00-04:00" data-end="2026-05-18T10:00:00-04:00">
      <button type="button" data-star="opening" aria-pressed="false" aria-label="Star Opening keynote" hidden>★</button>
    </div>
  </div></div></body></html>`;

describe('a programme page', () => {
  it('keeps the HTML the server filled into the page and brings it to life', async () => {
    const served = document.createElement('div');
    served.id = 'programme-page';
    served.dataset.timezone = 'America/New_York';
    served.innerHTML = '<h1>Schedule</h1><button type="button" data-star="x" aria-label="Star X" hidden>★</button>';
    document.body.append(served);
    window.history.replaceState(null, '', '/schedule?track=web');
    const fetchSpy = mockFetch(() => new Response('', { status: 500 }));
    const { ProgrammePage, renderWithProviders } = await loadPage();
    served.remove();

    renderWithProviders(<ProgrammePage />, { route: '/schedule?track=web' });
    expect(screen.getByRole('heading', { name: 'Schedule' })).toBeInTheDocument();
    expect(document.getElementById('programme-page')).toHaveAttribute('data-timezone', 'America/New_York');
    expect(await screen.findByRole('button', { name: 'Star X' })).toBeVisible();
    expect(pagesFetched(fetchSpy)).toEqual([]);
    window.history.replaceState(null, '', '/');
  });

  it('reached inside the app, fetches the page and takes its element and title', async () => {
    const fetchSpy = mockFetch(() => new Response(speakersPage, { headers: { 'content-type': 'text/html' } }));
    const { ProgrammePage, renderWithProviders } = await loadPage();
    renderWithProviders(<ProgrammePage />, { route: '/speakers' });
    expect(await screen.findByRole('heading', { name: 'Speakers' })).toBeInTheDocument();
    expect(pagesFetched(fetchSpy)).toEqual(['/speakers']);
    expect(document.getElementById('programme-page')).toHaveAttribute('data-zone-label', 'Miami time');
    expect(document.title).toBe('Speakers | CodeWave Miami 2026');
    // The enhancer ran on it.
    expect(screen.getByRole('button', { name: 'Star Opening keynote' })).toBeVisible();
  });

  it('applies a filter inside the app, keeping the schedule in view until the filtered one arrives', async () => {
    const schedule = (track: string) => `<html><head><title>Schedule ${track}</title></head><body>
      <div id="programme-page"><h1>Schedule ${track}</h1><form data-filters method="get" action="/schedule">
      <select name="track"><option value="">All</option><option value="web">Web</option></select>
      <button type="submit" data-filters-apply>Apply</button></form></div></body></html>`;
    const filtered = deferred<Response>();
    mockFetch((url) => {
      if (url === '/schedule') return new Response(schedule('all'));
      if (url === '/schedule?track=web') return filtered.promise;
      return new Response('{}');
    });
    const { ProgrammePage, renderWithProviders } = await loadPage();
    renderWithProviders(<ProgrammePage />, { route: '/schedule' });
    await screen.findByRole('heading', { name: 'Schedule all' });
    expect(document.querySelector('[data-filters-apply]')).not.toBeVisible();

    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'web' } });
    await waitFor(() => expect(document.getElementById('programme-page')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('heading', { name: 'Schedule all' })).toBeInTheDocument();
    filtered.resolve(new Response(schedule('web')));
    expect(await screen.findByRole('heading', { name: 'Schedule web' })).toBeInTheDocument();
    expect(document.getElementById('programme-page')).not.toHaveAttribute('aria-busy');
    expect(document.title).toBe('Schedule web');
  });

  it('says when the page cannot be loaded, with a link to try again', async () => {
    mockFetch(() => Promise.reject(new TypeError('offline')));
    const { ProgrammePage, renderWithProviders } = await loadPage();
    renderWithProviders(<ProgrammePage />, { route: '/sessions/opening' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/sessions/opening');
  });

  it('says when the programme has no such page', async () => {
    mockFetch(() => new Response('<html><body><div id="root"><h1>Not found</h1></div></body></html>', { status: 404 }));
    const { ProgrammePage, renderWithProviders } = await loadPage();
    renderWithProviders(<ProgrammePage />, { route: '/speakers/nobody' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This page is not in the programme'));
  });
});
