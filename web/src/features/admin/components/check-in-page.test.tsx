import { screen } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from './admin-app';

const CODE = 'TK-7K3P-9QXM-7K3P-9QXM-7K3P';

describe('check-in', () => {
  it('admits a typed code once and then says when it was used', async () => {
    let scans = 0;
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/admin/session': () => jsonResponse({ name: 'Door 1' }),
        '/api/admin/check-in': () => {
          scans += 1;
          return scans === 1
            ? jsonResponse({
                result: 'admitted',
                message: 'Welcome!',
                code: CODE,
                attendeeName: 'Bo Lee',
                ticketName: 'Team Pass',
              })
            : jsonResponse(
                {
                  result: 'already_checked_in',
                  message: 'Already checked in: this ticket was used before.',
                  code: CODE,
                  attendeeName: 'Bo Lee',
                  ticketName: 'Team Pass',
                  checkedInAt: 1_779_100_000_000,
                  checkedInBy: 'Door 1',
                },
                409,
              );
        },
      }),
    );
    const { user } = renderWithProviders(
      <Routes>
        <Route path={paths.admin.route} element={<AdminApp />} />
      </Routes>,
      { route: paths.admin.checkIn },
    );

    await user.type(await screen.findByLabelText('Ticket code'), CODE.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    const result = await screen.findByRole('region', { name: 'Check-in result' });
    expect(result).toHaveTextContent('Valid');
    expect(result).toHaveTextContent('Bo Lee');
    expect(result).toHaveTextContent('Team Pass');
    expect(screen.getByLabelText('Ticket code')).toHaveValue('');

    await user.type(screen.getByLabelText('Ticket code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Already checked in')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Check-in result' })).toHaveTextContent('by Door 1');
    expect(postedTo(fetchSpy, '/api/admin/check-in')).toEqual([{ code: CODE.toLowerCase() }, { code: CODE }]);
    expect(screen.getByRole('button', { name: 'Scan with the camera' })).toBeInTheDocument();
  });
});
