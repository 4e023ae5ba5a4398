import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { SponsorPage } from './sponsor-page';

const page = {
  reference: 'CW-7K3P9QXM',
  status: 'paid',
  companyName: 'Acme Cloud, Inc.',
  tier: 'gold',
  tierLabel: 'Gold',
  exhibitionSpace: "15'x15'",
  perks: ['Logo on the main stage screens'],
  deadlines: [
    { label: 'Logo and profile for the printed programme', date: '2026-04-20' },
    { label: 'Names for your VIP passes', date: '2026-05-11' },
  ],
  passes: { issued: 12, named: 1, used: 0, nameUntil: '2026-05-11' },
  profile: {
    displayName: 'Acme Cloud',
    website: 'https://acme.dev',
    description: null,
    logo: null,
    state: 'incomplete',
    reviewReason: null,
    onWall: false,
    updatedAt: 1,
  },
};

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.sponsorPage} element={<SponsorPage />} />
    </Routes>,
    { route: `${paths.sponsorPage}#s3cret` },
  );
}

describe("the sponsor's page", () => {
  it('shows the perks, the deadlines and the passes, using the secret from the link', async () => {
    const fetchSpy = mockFetch(() => jsonResponse(page));
    renderPage();

    expect(await screen.findByText('Acme Cloud, Inc. · Gold sponsor · Order CW-7K3P9QXM')).toBeInTheDocument();
    expect(screen.getByText("A 15'x15' exhibition space")).toBeInTheDocument();
    expect(screen.getByText('April 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('12 passes · 1 named · 0 used at the door')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Name your passes' })).toHaveAttribute('href', '/my-tickets#s3cret');
    expect(screen.getByRole('status')).toHaveTextContent('Send your logo: the organizers review your profile');
    const [, init] = fetchSpy.mock.calls[0];
    expect(new Headers(init?.headers).get('X-Sponsor-Token')).toBe('s3cret');
  });

  it('saves the profile and shows the server’s reason next to the field it refused', async () => {
    const bodies: unknown[] = [];
    mockFetch((_url, init) => {
      if (init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(
          {
            message: 'Please enter your website…',
            fieldErrors: { website: 'Please enter your website’s full address.' },
          },
          422,
        );
      }
      return jsonResponse(page);
    });
    const { user } = renderPage();

    const website = await screen.findByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'http://acme dev');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Please enter your website’s full address.')).toBeInTheDocument();
    expect(bodies).toEqual([{ displayName: 'Acme Cloud', website: 'http://acme dev', description: '' }]);
  });

  it('refuses a logo over 1 MB before sending it, and shows why the server refused another', async () => {
    const fetchSpy = mockFetch((url, init) => {
      if (url === '/api/sponsor/logo' && init?.method === 'PUT') {
        return jsonResponse({ message: 'x', fieldErrors: { logo: 'This is not a PNG image.' } }, 422);
      }
      return jsonResponse(page);
    });
    const { user } = renderPage();
    const input = await screen.findByLabelText('Choose your logo');

    await user.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo is over 1 MB');

    await user.upload(input, new File(['not a png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('This is not a PNG image.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchSpy.mock.calls.filter(([url, init]) => url === '/api/sponsor/logo' && init?.method === 'PUT'),
      ).toHaveLength(1),
    );
    const [, init] = fetchSpy.mock.calls.find(([url]) => url === '/api/sponsor/logo') ?? [];
    expect(new Headers(init?.headers).get('Content-Type')).toBe('image/png');
  });
});
