import { expectShape } from '@/lib/resource';

/** An approved sponsor, as `GET /api/sponsors` lists them: dearest tiers first. */
export interface WallSponsor {
  tier: string;
  tierLabel: string;
  name: string;
  website: string | null;
  logoUrl: string;
  description: string | null;
}

const URL = '/api/sponsors';

export function parseSponsors(body: unknown): WallSponsor[] {
  expectShape(Array.isArray(body), URL);
  return (body as Partial<WallSponsor>[]).map((sponsor) => {
    expectShape(
      typeof sponsor.tier === 'string' &&
        typeof sponsor.tierLabel === 'string' &&
        typeof sponsor.name === 'string' &&
        typeof sponsor.logoUrl === 'string',
      URL,
    );
    return sponsor as WallSponsor;
  });
}

/** The wall, fetched plainly: the landing page carries no query library. */
export async function fetchSponsors(signal?: AbortSignal): Promise<WallSponsor[]> {
  const response = await fetch(URL, { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`The sponsors could not be loaded (${response.status}).`);
  return parseSponsors(await response.json());
}
