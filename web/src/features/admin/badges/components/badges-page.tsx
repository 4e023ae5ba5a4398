import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import { useTickets } from '@/lib/api/get-tickets';
import { downloadBadges } from '../api/download-badges';
import { Field, FieldError } from '@/features/admin/shared/components/field';
import { Screen } from '@/features/admin/shared/components/screen';
import { serverErrors } from '@/features/admin/shared/components/server-errors';

/**
 * The layouts an event file has when it names none, one for each sheet the server draws (the server
 * does not list them). A file that names its own prints them as "the event file's first layout".
 */
const layouts = [
  ['', 'The event file’s first layout'],
  ['a6', 'One a page, A6 (105 × 148 mm)'],
  ['4x3in', 'One a page, 4 × 3 in'],
  ['4-a6-on-a4', 'Four A6 on an A4 sheet, to cut'],
  ['avery-5392', 'Avery 5392 inserts, six on US Letter'],
] as const;

/** /admin/badges: every attendee's name badge as one PDF, by layout, ticket type and check-in. */
export function BadgesPage() {
  const id = useId();
  const tickets = useTickets();
  const [layout, setLayout] = useState('');
  const [ticketTypes, setTicketTypes] = useState<string[]>([]);
  const [notCheckedIn, setNotCheckedIn] = useState(false);
  const download = useMutation({
    // Keyed under `admin`: a 401 brings the sign-in form back.
    mutationKey: ['admin', 'badges'],
    mutationFn: downloadBadges,
  });
  const errors = download.error ? serverErrors(download.error, ['layout', 'ticketTypes']) : {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    download.mutate({ layout, ticketTypes, checkedIn: notCheckedIn ? false : undefined });
  }

  return (
    <Screen
      title="Badges"
      description="Name badges to print: the name large, the company, the ticket type on a coloured band and the ticket’s QR code. The door prints one at a time after each admission."
    >
      <form aria-label="Badges to print" className="grid max-w-2xl gap-5 rounded-lg bg-card p-5" onSubmit={submit}>
        <Field id={`${id}-layout`} label="Layout" error={errors.layout} className="sm:max-w-sm">
          {(control) => (
            <NativeSelect {...control} value={layout} onChange={(event) => setLayout(event.target.value)}>
              {layouts.map(([name, label]) => (
                <option key={name} value={name}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <fieldset
          className="grid gap-2"
          aria-describedby={`${id}-types-hint${errors.ticketTypes ? ` ${id}-types-error` : ''}`}
          aria-invalid={errors.ticketTypes ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium">Ticket types</legend>
          <p id={`${id}-types-hint`} className="text-xs text-muted-foreground">
            None ticked: every ticket type.
          </p>
          {tickets.data ? (
            <div className="grid gap-1.5 sm:grid-cols-2">
              {tickets.data.map((ticket) => (
                <label key={ticket.type} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    checked={ticketTypes.includes(ticket.type)}
                    onCheckedChange={(checked) =>
                      setTicketTypes(
                        tickets.data
                          .map((other) => other.type)
                          .filter((type) => (type === ticket.type ? checked : ticketTypes.includes(type))),
                      )
                    }
                  />
                  {ticket.name}
                </label>
              ))}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              {tickets.isError ? 'The ticket types could not be loaded.' : 'Loading the ticket types…'}
            </p>
          )}
          <FieldError id={`${id}-types-error`} error={errors.ticketTypes} />
        </fieldset>
        <div className="grid gap-1">
          <label className="flex items-center gap-2 text-sm font-medium">
            <Checkbox
              checked={notCheckedIn}
              onCheckedChange={setNotCheckedIn}
              aria-describedby={`${id}-checked-in-hint`}
            />
            Not yet checked in only
          </label>
          <p id={`${id}-checked-in-hint`} className="text-xs text-muted-foreground">
            To print the evening before for those still to come.
          </p>
        </div>
        {errors.general && (
          <p role="alert" className="font-medium text-destructive">
            {errors.general}
          </p>
        )}
        <div>
          <Button type="submit" disabled={download.isPending}>
            <DownloadIcon aria-hidden="true" />
            {download.isPending ? 'Preparing the badges…' : 'Download badges (PDF)'}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
