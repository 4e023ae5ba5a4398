import { useEffect, useState } from 'react';
import { NO_TIME_LEFT, timeLeft, type TimeLeft } from '../utils/time-left';

const UNITS: { key: keyof TimeLeft; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
  { key: 'seconds', label: 'Seconds' },
];

/**
 * Counts down to `startsAt` (ISO 8601 with the venue's UTC offset, so the end is the
 * same instant for every visitor). Starts at zeros so prerendered HTML is stable,
 * ticks every second, and stops for good once the start has passed.
 */
export function CountdownBar({ startsAt }: { startsAt: string | undefined }) {
  const [left, setLeft] = useState<TimeLeft>(NO_TIME_LEFT);

  useEffect(() => {
    const target = startsAt ? Date.parse(startsAt) : Number.NaN;
    if (Number.isNaN(target)) return;
    const tick = () => {
      const now = Date.now();
      setLeft(timeLeft(target, now));
      if (now >= target) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [startsAt]);

  return (
    <section aria-labelledby="countdown-title" className="bg-linear-to-r from-primary to-secondary text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 sm:px-6 md:flex-row">
        <h2 id="countdown-title" className="font-display text-xl font-bold md:text-2xl">
          Conference Starts In:
        </h2>
        <ul className="grid w-full max-w-lg grid-cols-4 gap-2 sm:gap-4">
          {UNITS.map(({ key, label }) => (
            <li key={key} className="flex flex-col items-center rounded-lg bg-night/35 px-2 py-3 backdrop-blur-sm">
              <span className="font-display text-2xl font-bold tabular-nums sm:text-4xl">
                {key === 'days' ? left[key] : String(left[key]).padStart(2, '0')}
              </span>
              <span className="text-xs font-medium tracking-wider uppercase sm:text-sm">{label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
