import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';

const dashboard = {
  totals: [],
  revenue: {},
  stock: [],
  salesByDay: [],
  latestOrders: [],
  attention: { flaggedForRefund: [], failedEmails: [], stuckPending: [] },
  checkIns: [],
  duplicateScans: [],
};

function renderDashboard(answer: object) {
  mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Sam', role: 'manager' }),
      '/api/admin/dashboard': () => jsonResponse(answer),
    }),
  );
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.dashboard },
  );
}

describe('the dashboard’s workshops', () => {
  it('lists the sessions nearly full and those with the longest queues, each linking to its page', async () => {
    renderDashboard({
      ...dashboard,
      workshops: {
        nearlyFull: [
          { slug: 'rust-101', title: 'Rust 101', start: '2026-05-18T10:00:00-04:00', limit: 36, taken: 34, left: 2 },
          { slug: 'ai-agents', title: 'AI agents', start: '2026-05-19T14:00:00-04:00', limit: 20, taken: 20, left: 0 },
        ],
        longestQueues: [{ slug: 'ai-agents', title: 'AI agents', start: '2026-05-19T14:00:00-04:00', waiting: 12 }],
      },
    });
    const nearlyFull = await screen.findByRole('list', { name: 'Nearly full' });
    expect(
      within(nearlyFull)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rust 101 (Mon, May 18, 10:00): 2 of 36 left', 'AI agents (Tue, May 19, 14:00): full']);
    expect(within(nearlyFull).getByRole('link', { name: 'Rust 101' })).toHaveAttribute(
      'href',
      '/admin/workshops/rust-101',
    );
    expect(screen.getByRole('list', { name: 'Longest queues' })).toHaveTextContent(
      'AI agents (Tue, May 19, 14:00): 12 waiting',
    );
  });

  it('are left out when the dashboard has none', async () => {
    renderDashboard({ ...dashboard, workshops: { nearlyFull: [], longestQueues: [] } });
    expect(await screen.findByRole('heading', { name: 'Revenue, after refunds' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Workshops' })).toBeNull();
  });
});
