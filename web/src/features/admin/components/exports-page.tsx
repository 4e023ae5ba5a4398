import { DownloadIcon } from '@/components/icons';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { Screen } from './screen';

const exports = [
  {
    name: 'orders',
    title: 'Orders',
    text: 'Every order of every kind, with amounts, refunds, payment ids and buyers.',
  },
  { name: 'attendees', title: 'Attendees', text: 'Paid ticket orders: who bought which ticket for how many people.' },
  {
    name: 'pickups',
    title: 'Merchandise pickups',
    text: 'What to hand over at the desk: pickup codes, items, sizes and colours.',
  },
  { name: 'waitlist', title: 'Waitlist', text: 'Registrations with interests and whether each wants updates.' },
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
                  href={paths.admin.exportFile(file.name)}
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
