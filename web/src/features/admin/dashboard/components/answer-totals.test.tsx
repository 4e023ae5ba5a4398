import { screen, waitFor, within } from '@testing-library/react';
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

const totals = [
  {
    id: 'diet',
    label: 'Dietary needs',
    kind: 'choice',
    answered: 200,
    missing: 12,
    options: [
      { value: 'No preference', count: 32 },
      { value: 'Vegetarian', count: 123 },
      { value: 'Vegan', count: 45 },
      { value: 'Gluten-free', count: 0 },
    ],
  },
  { id: 'company', label: 'Company', kind: 'text', answered: 150, missing: 62, options: [] },
];

function renderDashboard(answer: unknown) {
  mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Sam', role: 'support' }),
      '/api/admin/dashboard': () => jsonResponse(dashboard),
      '/api/admin/questions/totals': () => jsonResponse(answer),
    }),
  );
  return renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.dashboard },
  );
}

describe('the dashboard’s attendee answers', () => {
  it('charts each option with its count as text, and how many answered and did not', async () => {
    renderDashboard(totals);

    const section = await screen.findByRole('region', { name: 'Attendee answers' });
    const diet = within(section).getByRole('article', { name: 'Dietary needs' });
    expect(diet).toHaveTextContent('200 answered · 12 missing');
    const bars = within(diet).getByRole('list', { name: 'Dietary needs' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['No preference 32', 'Vegetarian 123', 'Vegan 45', 'Gluten-free 0']);
    const vegetarian = within(bars).getAllByRole('listitem')[1].querySelector<HTMLElement>('[aria-hidden] > div');
    expect(vegetarian?.style.width).toBe('61.5%');
    const company = within(section).getByRole('article', { name: 'Company' });
    expect(company).toHaveTextContent('150 answered · 62 missing');
    expect(within(company).queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows nothing when the event file asks no questions', async () => {
    const { queryClient } = renderDashboard([]);
    expect(await screen.findByRole('heading', { name: 'Needs attention' })).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(['admin', 'dashboard', 'question-totals'])?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'Attendee answers' })).not.toBeInTheDocument();
  });
});
