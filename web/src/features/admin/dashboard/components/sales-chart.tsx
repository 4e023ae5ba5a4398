import { formatCents } from '@/lib/money';
import type { DaySales } from '../api/dashboard';

const WIDTH = 640;
const HEIGHT = 180;
const kinds = [
  { key: 'ticket', label: 'Tickets', className: 'fill-secondary' },
  { key: 'merchandise', label: 'Merchandise', className: 'fill-primary' },
  { key: 'sponsorship', label: 'Sponsorships', className: 'fill-night' },
] as const;

/** Money taken per day as stacked bars, with the same figures in a table for screen readers and exact values. */
export function SalesChart({ days }: { days: DaySales[] }) {
  if (days.length === 0) return <p className="text-muted-foreground">No sales yet.</p>;
  const shown = days.slice(-30);
  const dayTotal = (day: DaySales) => day.ticket + day.merchandise + day.sponsorship;
  const highest = Math.max(...shown.map(dayTotal), 1);
  const slot = WIDTH / shown.length;
  // a few days of sales still read as bars, not as a wall
  const barWidth = Math.min(48, Math.max(2, slot * 0.7));

  return (
    <figure className="space-y-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-44 w-full"
        role="img"
        aria-label={`Sales per day for the last ${shown.length} days with sales; the highest was ${formatCents(highest)}.`}
      >
        {shown.map((day, index) => {
          let top = HEIGHT;
          return (
            <g key={day.date}>
              <title>{`${day.date}: ${formatCents(dayTotal(day))} from ${day.orders} orders`}</title>
              {kinds.map((kind) => {
                const height = (day[kind.key] / highest) * (HEIGHT - 4);
                top -= height;
                return (
                  <rect
                    key={kind.key}
                    x={index * slot + (slot - barWidth) / 2}
                    y={top}
                    width={barWidth}
                    height={height}
                    className={kind.className}
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-muted-foreground">
        {kinds.map((kind) => (
          <span key={kind.key} className="flex items-center gap-1.5">
            <svg aria-hidden="true" className="size-3">
              <rect width="12" height="12" className={kind.className} />
            </svg>
            {kind.label}
          </span>
        ))}
        <span>
          {shown[0].date} to {shown[shown.length - 1].date}
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Sales per day as a table</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th className="py-1 pr-3">Day</th>
              <th className="py-1 pr-3">Orders</th>
              {kinds.map((kind) => (
                <th key={kind.key} className="py-1 pr-3">
                  {kind.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((day) => (
              <tr key={day.date}>
                <td className="py-1 pr-3">{day.date}</td>
                <td className="py-1 pr-3">{day.orders}</td>
                {kinds.map((kind) => (
                  <td key={kind.key} className="py-1 pr-3">
                    {formatCents(day[kind.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
