import { useEffect, useState } from 'react';
import { paths } from '@/config/paths';
import { fetchSponsors, type WallSponsor } from '../api/get-sponsors';

const WALL_ID = 'sponsor-wall';

/**
 * The wall as the server filled it into the page being opened (server/src/sponsors), read once before the app
 * takes the page over: served HTML always shows the approved wall of that moment, whatever the build.
 */
const served = typeof document === 'undefined' ? undefined : document.getElementById(WALL_ID)?.innerHTML;

/** Logo boxes by the tier's place on the wall, as the server draws them: fixed, so nothing moves as logos load. */
const LOGO_BOXES = [
  { className: 'h-24 w-60', width: 240, height: 96 },
  { className: 'h-20 w-48', width: 192, height: 80 },
  { className: 'h-16 w-40', width: 160, height: 64 },
  { className: 'h-12 w-32', width: 128, height: 48 },
] as const;

/**
 * The approved sponsors, grouped by tier. Keeps the server's HTML where the page came with it (hydrating it as
 * it is), and fetches the wall itself only when it did not (the app shell, or a page reached inside the app).
 */
export function SponsorWall() {
  const [sponsors, setSponsors] = useState<WallSponsor[]>();
  useEffect(() => {
    if (served) return;
    const controller = new AbortController();
    // A wall that cannot be loaded stays empty: it is thanks, not something a visitor acts on.
    fetchSponsors(controller.signal).then(setSponsors, () => undefined);
    return () => controller.abort();
  }, []);
  if (sponsors) {
    return (
      <div id={WALL_ID}>
        <Wall sponsors={sponsors} />
      </div>
    );
  }
  return <div id={WALL_ID} dangerouslySetInnerHTML={{ __html: served ?? '' }} />;
}

function Wall({ sponsors }: { sponsors: WallSponsor[] }) {
  if (sponsors.length === 0) {
    return (
      <p className="text-center text-muted-foreground">
        Your logo could be here.{' '}
        <a href={paths.sponsorship} className="font-semibold text-primary underline underline-offset-4">
          Become a sponsor
        </a>
      </p>
    );
  }
  const tiers = [...new Set(sponsors.map((sponsor) => sponsor.tier))];
  return (
    <div className="space-y-12">
      {tiers.map((tier, index) => {
        const box = LOGO_BOXES[Math.min(index, LOGO_BOXES.length - 1)];
        const members = sponsors.filter((sponsor) => sponsor.tier === tier);
        return (
          <div key={tier}>
            <h3 className="mb-6 text-center text-sm font-semibold tracking-widest text-muted-foreground uppercase">
              {members[0]?.tierLabel}
            </h3>
            <ul className="flex flex-wrap items-start justify-center gap-x-10 gap-y-8">
              {members.map((sponsor) => {
                const logo = (
                  <img
                    src={sponsor.logoUrl}
                    alt={sponsor.name}
                    width={box.width}
                    height={box.height}
                    loading="lazy"
                    decoding="async"
                    className={`${box.className} object-contain`}
                  />
                );
                return (
                  <li key={sponsor.logoUrl} className="flex max-w-60 flex-col items-center text-center">
                    {sponsor.website ? (
                      <a
                        href={sponsor.website}
                        rel="sponsored noopener"
                        className="rounded-lg p-2 transition-opacity hover:opacity-80"
                      >
                        {logo}
                      </a>
                    ) : (
                      <span className="p-2">{logo}</span>
                    )}
                    {sponsor.description && (
                      <p className="mt-2 line-clamp-3 text-sm text-muted-foreground">{sponsor.description}</p>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
