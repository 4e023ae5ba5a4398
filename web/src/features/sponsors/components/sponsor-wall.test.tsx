import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { SponsorWall } from './sponsor-wall';

const acme = {
  tier: 'platinum',
  tierLabel: 'Platinum',
  name: 'Acme Cloud',
  website: 'https://acme.dev',
  logoUrl: '/api/sponsors/logos/l1',
  description: 'The cloud for side projects.',
};
const bolt = {
  ...acme,
  tier: 'silver',
  tierLabel: 'Silver',
  name: 'Bolt',
  website: null,
  logoUrl: '/api/sponsors/logos/l2',
  description: null,
};

describe('the sponsor wall', () => {
  it('groups sponsors by tier, larger first, and marks their links as sponsored', async () => {
    const fetchSpy = mockFetch(() => jsonResponse([acme, bolt]));
    render(<SponsorWall />);

    const platinum = (await screen.findByRole('heading', { name: 'Platinum' })).parentElement;
    if (!platinum) throw new Error('the tier has no group');
    const link = within(platinum).getByRole('link');
    expect(link).toHaveAttribute('href', 'https://acme.dev');
    expect(link).toHaveAttribute('rel', 'sponsored noopener');
    const acmeLogo = within(link).getByRole('img', { name: 'Acme Cloud' });
    expect(acmeLogo).toHaveAttribute('width', '240');
    expect(acmeLogo).toHaveAttribute('height', '96');
    expect(screen.getByText('The cloud for side projects.')).toBeInTheDocument();
    // A sponsor without a website has a logo and no link; the second tier's boxes are smaller.
    const boltLogo = screen.getByRole('img', { name: 'Bolt' });
    expect(boltLogo.closest('a')).toBeNull();
    expect(boltLogo).toHaveAttribute('width', '192');
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/api/sponsors');
  });

  it('invites sponsors while the wall is empty', async () => {
    mockFetch(() => jsonResponse([]));
    render(<SponsorWall />);
    expect(await screen.findByRole('link', { name: 'Become a sponsor' })).toHaveAttribute('href', '/sponsorship');
  });
});
