import { screen, within } from '@testing-library/react';
import { Route, Routes } from '@/lib/router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, requestedUrls, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SponsorshipsPage } from './sponsorships-page';

const profileInReview = {
  displayName: 'Acme Cloud',
  website: 'https://acme.example',
  description: 'Clouds that stay up.',
  logo: { format: 'svg', width: 240, height: 80 },
  state: 'in_review',
  reviewReason: null,
  onWall: false,
  updatedAt: 1_767_300_000_000,
  revision: 3,
};

const acme = {
  orderId: 'o1',
  reference: 'CW-ACME0001',
  status: 'paid',
  companyName: 'Acme Cloud, Inc.',
  contactName: 'Ada Lovelace',
  email: 'ada@acme.example',
  phone: '+1 305 555 0100',
  website: 'https://acme.example',
  additionalInfo: '',
  tierLabel: 'Gold',
  amount: 1_000_000,
  refundedAmount: 0,
  paidAt: 1_767_225_600_000,
  vipPasses: 4,
  exhibitionSpace: null,
  perks: ['Logo on the website'],
  note: null,
  passes: { issued: 4, named: 2, used: 1 },
  profile: profileInReview,
};

const reviewPath = '/api/admin/sponsorships/o1/review';

/** The screen over a fake server whose list answers Acme’s sponsorship with its profile as the last review left it. */
function renderSponsorships(routes: Parameters<typeof routeRequests>[0] = {}) {
  let profile: Record<string, unknown> = profileInReview;
  const fetchSpy = mockFetch(
    routeRequests({
      '/api/admin/sponsorships': () => jsonResponse([{ ...acme, profile }]),
      [reviewPath]: (body) => {
        const { approve, reason } = body as { approve: boolean; reason?: string };
        profile = approve
          ? { ...profileInReview, state: 'approved', onWall: true }
          : { ...profileInReview, state: 'rejected', reviewReason: reason };
        return jsonResponse(profile);
      },
      ...routes,
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.admin.sponsorships} element={<SponsorshipsPage />} />
    </Routes>,
    { route: paths.admin.sponsorships },
  );
  return { fetchSpy, ...rendered };
}

describe('the sponsorships screen', () => {
  it('shows a sponsor’s passes and the profile waiting for review, with its logo', async () => {
    renderSponsorships();
    const card = await screen.findByRole('article', { name: 'Acme Cloud, Inc.' });

    expect(within(card).getByText('VIP passes: 2 named of 4 · 1 used')).toBeInTheDocument();
    expect(within(card).getByText('Waiting for your review')).toBeInTheDocument();
    const logo = within(card).getByRole('img', { name: 'Logo of Acme Cloud' });
    expect(logo).toHaveAttribute('src', '/api/admin/sponsorships/o1/logo?v=3');
    expect(logo).toHaveAttribute('width', '240');
    expect(within(card).getByText('Clouds that stay up.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sponsors (CSV)' })).toHaveAttribute(
      'href',
      '/api/admin/exports/sponsors.csv',
    );
    expect(screen.getByRole('link', { name: 'Approved logos (zip)' })).toHaveAttribute(
      'href',
      '/api/admin/sponsorships/logos.zip',
    );
  });

  it('says when a change waits for review while the approved version stays on the wall', async () => {
    renderSponsorships({
      '/api/admin/sponsorships': () => jsonResponse([{ ...acme, profile: { ...profileInReview, onWall: true } }]),
    });
    const card = await screen.findByRole('article', { name: 'Acme Cloud, Inc.' });
    expect(within(card).getByText('Change waiting for review (approved version on the wall)')).toBeInTheDocument();
  });

  it('approves a profile waiting for review', async () => {
    const { fetchSpy, user } = renderSponsorships();
    const card = await screen.findByRole('article', { name: 'Acme Cloud, Inc.' });

    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await within(card).findByRole('status')).toHaveTextContent('Approved: it is on the wall now.');
    expect(postedTo(fetchSpy, reviewPath)).toEqual([{ approve: true, revision: 3 }]);
    expect(within(card).getByText('On the wall')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('says the sponsor changed the profile meanwhile, shows the change, and approves what is shown now', async () => {
    let listed: Record<string, unknown> = profileInReview;
    const changed = { ...profileInReview, website: 'https://elsewhere.example', revision: 4 };
    const { fetchSpy, user } = renderSponsorships({
      '/api/admin/sponsorships': () => jsonResponse([{ ...acme, profile: listed }]),
      [reviewPath]: (body) => {
        if ((body as { revision: number }).revision !== listed.revision) {
          return jsonResponse(
            {
              message:
                'The sponsor changed their profile since you looked at it: nothing was decided. Please look at it again.',
            },
            409,
          );
        }
        listed = { ...listed, state: 'approved', onWall: true };
        return jsonResponse(listed);
      },
    });
    const card = await screen.findByRole('article', { name: 'Acme Cloud, Inc.' });
    listed = changed;

    await user.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The sponsor changed their profile since you looked at it: nothing was decided. Please look at it again.',
    );
    expect(await within(card).findByRole('link', { name: 'https://elsewhere.example' })).toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/admin/sponsorships')).toHaveLength(2);
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Approved: it is on the wall now.');
    expect(postedTo(fetchSpy, reviewPath)).toEqual([
      { approve: true, revision: 3 },
      { approve: true, revision: 4 },
    ]);
  });

  it('asks for changes with a reason, and not without one', async () => {
    const { fetchSpy, user } = renderSponsorships();
    const card = await screen.findByRole('article', { name: 'Acme Cloud, Inc.' });
    await user.click(within(card).getByRole('button', { name: 'Ask for changes' }));
    const form = within(card).getByRole('form', { name: 'Ask Acme Cloud, Inc. for changes' });

    await user.click(within(form).getByRole('button', { name: 'Send to the sponsor' }));
    expect(within(form).getByText('Please tell the sponsor what to change.')).toBeInTheDocument();
    expect(within(form).getByLabelText('What should the sponsor change?')).toHaveAttribute('aria-invalid', 'true');
    expect(postedTo(fetchSpy, reviewPath)).toEqual([]);

    await user.type(within(form).getByLabelText('What should the sponsor change?'), 'A logo on a clear background.');
    await user.click(within(form).getByRole('button', { name: 'Send to the sponsor' }));

    expect(await within(card).findByText('Changes asked')).toBeInTheDocument();
    expect(postedTo(fetchSpy, reviewPath)).toEqual([
      { approve: false, reason: 'A logo on a clear background.', revision: 3 },
    ]);
    expect(within(card).getByText('A logo on a clear background.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a reason next to the field', async () => {
    const { user } = renderSponsorships({
      [reviewPath]: () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: { reason: 'Please keep the reason to 500 characters.' },
          },
          422,
        ),
    });
    const card = await screen.findByRole('article', { name: 'Acme Cloud, Inc.' });
    await user.click(within(card).getByRole('button', { name: 'Ask for changes' }));
    const form = within(card).getByRole('form', { name: 'Ask Acme Cloud, Inc. for changes' });
    await user.type(within(form).getByLabelText('What should the sponsor change?'), 'Too long, says the server.');
    await user.click(within(form).getByRole('button', { name: 'Send to the sponsor' }));

    expect(await within(form).findByText('Please keep the reason to 500 characters.')).toBeInTheDocument();
    expect(within(form).getByLabelText('What should the sponsor change?')).toHaveAttribute('aria-invalid', 'true');
  });

  it('makes a new link to the sponsor’s page after saying the earlier ones stop working', async () => {
    const url = 'http://localhost/sponsor#n3wt0ken';
    const { fetchSpy, user } = renderSponsorships({
      '/api/admin/sponsorships/o1/page-link': () => jsonResponse({ sponsorPageUrl: url }),
    });
    const card = await screen.findByRole('article', { name: 'Acme Cloud, Inc.' });

    await user.click(within(card).getByRole('button', { name: 'New link to their page' }));
    const dialog = screen.getByRole('dialog', { name: 'New link to Acme Cloud, Inc.’s page?' });
    expect(dialog).toHaveTextContent('Their earlier links stop working. The new one is emailed to ada@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link and email it' }));

    const link = await within(card).findByRole('link', { name: url });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(postedTo(fetchSpy, '/api/admin/sponsorships/o1/page-link')).toEqual([{}]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why no new link can be made for a refunded sponsorship', async () => {
    const { user } = renderSponsorships({
      '/api/admin/sponsorships/o1/page-link': () =>
        jsonResponse({ message: 'This sponsorship was refunded: its page no longer changes.' }, 409),
    });
    const card = await screen.findByRole('article', { name: 'Acme Cloud, Inc.' });
    await user.click(within(card).getByRole('button', { name: 'New link to their page' }));
    const dialog = screen.getByRole('dialog', { name: 'New link to Acme Cloud, Inc.’s page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link and email it' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This sponsorship was refunded: its page no longer changes.',
    );
  });
});
