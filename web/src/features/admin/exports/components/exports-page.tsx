import { DownloadIcon } from '@/components/icons';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { Screen } from '@/features/admin/shared/components/screen';

const exports = [
  {
    name: 'orders',
    href: paths.admin.exportFile('orders'),
    title: 'Orders',
    text: 'Every order of every kind, with amounts, price phases, discounts, codes, refunds, payment ids and buyers.',
  },
  {
    name: 'attendees',
    href: paths.admin.exportFile('attendees'),
    title: 'Attendees',
    text: 'Paid ticket orders: who bought which ticket for how many people.',
  },
  {
    name: 'pickups',
    href: paths.admin.exportFile('pickups'),
    title: 'Merchandise pickups',
    text: 'What to hand over at the desk: pickup codes, items, sizes and colours.',
  },
  {
    name: 'waitlist',
    href: paths.admin.exportFile('waitlist'),
    title: 'Waitlist',
    text: 'Registrations with interests and whether each wants updates.',
  },
  {
    name: 'codes',
    href: paths.admin.exportFile('codes'),
    title: 'Codes',
    text: 'Every code with what it gives, its uses, dates and tag: the columns the Codes screen imports.',
  },
] as const;

export function ExportsPage() {
  return (
    <Screen
      title="Exports"
      description="Spreadsheets (CSV, UTF-8) of the data as it is now. Cells that a spreadsheet would run as formulas are defused."
    >
      <ul className="grid gap-4 sm:grid-cols-2">
        {exports.map((file) => (
          <li key={file.name}>
            <Card className="h-full">
              <CardHeader>
                <h2 className="text-lg font-semibold">{file.title}</h2>
              </CardHeader>
              <CardContent className="space-y-3">
                <p className="text-sm text-muted-foreground">{file.text}</p>
                <a
                  href={file.href}
                  download
                  className="inline-flex items-center gap-2 font-semibold text-secondary underline"
                >
                  <DownloadIcon className="size-4" aria-hidden="true" /> {file.name}.csv
                </a>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
