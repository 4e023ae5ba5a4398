import { CircleCheckIcon, CircleHelpIcon, CircleXIcon, TriangleAlertIcon } from '@/components/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { checkInAnswer, useAttendeeSearch, type FlaggedAnswer, type TicketScan } from '../api/door';
import type { CheckInList } from '../offline/door-store';
import { useDoorWorker } from '../offline/door-worker';
import { useDoor, type DoorVerdict } from '../offline/use-door';
import { DuplicateScanText } from '@/features/admin/shared/components/duplicate-scan-text';
import { formatTime } from '@/features/admin/shared/components/format';
import { PrintBadgeButton } from './print-badge-button';
import { QrScanner } from './qr-scanner';
import { DoorPicker, SessionCounts } from './session-door';
import { Screen } from '@/features/admin/shared/components/screen';

const refused = 'border-destructive bg-red-50 text-red-950';
const looks = {
  admitted: { title: 'Valid', icon: CircleCheckIcon, className: 'border-emerald-700 bg-emerald-50 text-emerald-950' },
  already_checked_in: {
    title: 'Already checked in',
    icon: TriangleAlertIcon,
    className: 'border-amber-700 bg-warning text-warning-foreground',
  },
  duplicate: {
    title: 'Duplicate',
    icon: TriangleAlertIcon,
    className: 'border-amber-700 bg-warning text-warning-foreground',
  },
  full: { title: 'Full', icon: CircleXIcon, className: refused },
  refunded: { title: 'Refunded', icon: CircleXIcon, className: refused },
  transferred: { title: 'Transferred', icon: CircleXIcon, className: refused },
  unknown: { title: 'Unknown code', icon: CircleHelpIcon, className: refused },
} as const;

const statusLabels = {
  valid: 'Not checked in',
  checked_in: 'Checked in',
  refunded: 'Refunded',
  transferred: 'Transferred',
} as const;

const workshopOffline =
  "Offline: a workshop's door needs the network, and its scans are not kept for later. Choose Main entrance to check people in offline.";

/** A scan at a workshop's door: the server's answer only, as the device's list knows nothing of seats. */
async function checkAtWorkshop(scan: TicketScan, session: string): Promise<DoorVerdict> {
  try {
    return await checkInAnswer(scan, session);
  } catch (error) {
    if (error instanceof TypeError) throw new Error(workshopOffline, { cause: error });
    throw error;
  }
}

/**
 * /admin/check-in: door staff scan tickets (camera) or type codes, or find a person by name;
 * each ticket gets in once. Without the network the device checks its own list and sends the
 * scans when the network returns. A workshop chosen as the door admits its seat holders, and
 * walk-ins while seats are free; that needs the network.
 */
export function CheckInPage() {
  useDoorWorker(paths.admin.checkIn);
  const door = useDoor();
  const queryClient = useQueryClient();
  const [session, setSession] = useState('');
  const checkIn = useMutation({
    // Keyed under `admin`: a 401 brings the sign-in form back.
    mutationKey: ['admin', 'check-in'],
    mutationFn: (scan: TicketScan) =>
      session !== ''
        ? checkAtWorkshop(scan, session)
        : 'code' in scan
          ? door.check(scan.code)
          : door.checkTicket(scan.ticketId),
    // Offline is when the door needs it most: the scan is checked on the device, never paused.
    networkMode: 'always',
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'attendees'] }),
      ]),
  });
  const [typed, setTyped] = useState('');
  const [latest, setLatest] = useState<DoorVerdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function check(scan: TicketScan) {
    if ('code' in scan && !scan.code.trim()) return;
    setError(null);
    checkIn.mutate(scan, {
      onSuccess: (answer) => {
        setLatest(answer);
        setTyped('');
      },
      onError: (failure) => setError(failure.message),
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    check({ code: typed });
  }

  return (
    <Screen title="Check-in" description="Scan each ticket's QR code, or type its code. A ticket gets in once.">
      <Connection online={door.online} waiting={door.waiting} notice={door.syncNotice} workshop={session !== ''} />
      <div className="mb-5 space-y-3">
        <DoorPicker
          session={session}
          onSession={(slug) => {
            setSession(slug);
            setLatest(null);
            setError(null);
          }}
        />
        {session !== '' && <SessionCounts session={session} latest={latest?.session} />}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-5">
          <QrScanner onCode={(code) => check({ code })} />
          <form aria-label="Type a ticket code" className="flex flex-wrap items-end gap-3" onSubmit={submit}>
            <div className="grid min-w-56 flex-1 gap-1.5">
              <Label htmlFor={`${id}-code`}>Ticket code</Label>
              <Input
                id={`${id}-code`}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                placeholder="TK-XXXX-XXXX-XXXX-XXXX-XXXX"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono"
              />
            </div>
            <Button type="submit" size="lg" disabled={checkIn.isPending || !typed.trim()}>
              Check in
            </Button>
          </form>
          {error && (
            <p role="alert" className="font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
        <div aria-live="assertive" aria-atomic="true">
          {latest && <Verdict answer={latest} />}
        </div>
      </div>
      {session === '' ? (
        <FindByName online={door.online} list={door.list} onCheckIn={(ticketId) => check({ ticketId })} />
      ) : (
        <p className="mt-8 text-sm text-muted-foreground">
          Finding someone by name checks them in at the main entrance: choose Main entrance to use it.
        </p>
      )}
      {door.list && <DoorCounts list={door.list} />}
    </Screen>
  );
}

/** Online, or plainly offline with the scans waiting to be sent (at the main entrance only). */
function Connection({
  online,
  waiting,
  notice,
  workshop,
}: {
  online: boolean;
  waiting: number;
  notice: string | null;
  workshop: boolean;
}) {
  const scans = `${waiting} ${waiting === 1 ? 'scan' : 'scans'} waiting`;
  return (
    <section aria-label="Connection" className="mb-5 space-y-2">
      <p
        aria-live="polite"
        className={cn(
          'rounded-md px-4 py-3 text-lg font-semibold',
          online ? 'bg-emerald-50 text-emerald-950' : 'bg-warning text-warning-foreground',
        )}
      >
        {online
          ? waiting > 0
            ? `Online: sending ${scans}…`
            : 'Online'
          : workshop
            ? workshopOffline
            : `Offline: ${scans}. Scans are checked on this device and sent when the network returns.`}
      </p>
      {notice && <p className="text-sm text-muted-foreground">{notice}</p>}
    </section>
  );
}

function Verdict({ answer }: { answer: DoorVerdict }) {
  const look = looks[answer.result];
  const Icon = look.icon;
  return (
    <section aria-label="Check-in result" className={cn('space-y-3 rounded-xl border-4 p-6', look.className)}>
      <p className="flex items-center gap-3 text-4xl font-bold sm:text-5xl">
        <Icon className="size-12 shrink-0" aria-hidden="true" /> {look.title}
      </p>
      {answer.attendeeName && <p className="text-3xl font-semibold">{answer.attendeeName}</p>}
      <FlaggedAnswers answers={answer.flaggedAnswers ?? []} className="text-2xl" />
      {answer.ticketName && <p className="text-xl">{answer.ticketName}</p>}
      {answer.walkIn && <p className="text-xl font-semibold">Walk-in: took a free seat</p>}
      {answer.result === 'already_checked_in' && answer.checkedInAt && (
        <p className="text-xl">
          First checked in {formatTime(answer.checkedInAt)}
          {answer.checkedInBy && ` by ${answer.checkedInBy}`}.
        </p>
      )}
      <p className="text-lg">{answer.message}</p>
      {answer.code && <p className="font-mono text-sm">{answer.code}</p>}
      {/* printed from the server's PDF, so only for an admission it answered */}
      {answer.result === 'admitted' && !answer.offline && answer.ticketId && (
        <PrintBadgeButton key={answer.ticketId} ticketId={answer.ticketId} />
      )}
    </section>
  );
}

/** What the door should know about the person (a question marked to show at the door), beside their name. */
function FlaggedAnswers({ answers, className }: { answers: FlaggedAnswer[]; className?: string }) {
  if (answers.length === 0) return null;
  return (
    <ul
      aria-label="Flagged answers"
      className={cn('space-y-1 rounded-lg border-2 border-current bg-white/70 px-4 py-3 font-semibold', className)}
    >
      {answers.map((answer) => (
        <li key={answer.label}>
          <span className="font-normal">{answer.label}:</span> {answer.text}
        </li>
      ))}
    </ul>
  );
}

/** How long typing pauses before a name is searched: one search per name, not one per letter. */
const searchPauseMs = 300;

/**
 * A forgotten QR code: the server's search online (checking the person in by their ticket's id,
 * as no code leaves the server), the device's list offline (to see, not to admit).
 */
function FindByName({
  online,
  list,
  onCheckIn,
}: {
  online: boolean;
  list: CheckInList | null;
  onCheckIn: (ticketId: string) => void;
}) {
  const [search, setSearch] = useState('');
  const id = useId();
  const found = useAttendeeSearch(useDebouncedValue(search, searchPauseMs), online);
  const term = search.trim().toLowerCase();
  const offlineMatches =
    !online && list && term.length >= 2
      ? list.tickets.filter((ticket) => ticket.name?.toLowerCase().includes(term)).slice(0, 20)
      : [];
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 space-y-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        Find by name
      </h2>
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor={`${id}-name`}>Attendee's name</Label>
        <Input
          id={`${id}-name`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
          placeholder="At least 2 letters"
        />
      </div>
      {online ? (
        <div className="space-y-2">
          {found.error && (
            <p role="alert" className="font-medium text-destructive">
              {found.error.message}
            </p>
          )}
          <ul className="divide-y rounded-md border bg-card">
            {found.data?.map((attendee) => (
              <li key={attendee.ticketId} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <span>
                  <span className="font-semibold">{attendee.attendeeName}</span> · {attendee.ticketName} ·{' '}
                  {statusLabels[attendee.status]}
                </span>
                {attendee.status === 'valid' && (
                  <Button size="sm" onClick={() => onCheckIn(attendee.ticketId)}>
                    Check in {attendee.attendeeName}
                  </Button>
                )}
              </li>
            ))}
            {found.data?.length === 0 && <li className="p-3 text-muted-foreground">No one by that name.</li>}
          </ul>
        </div>
      ) : (
        term.length >= 2 && (
          <div className="space-y-2">
            <p className="text-sm text-muted-foreground">
              Offline, the list shows who has a ticket; checking someone in by name needs the network.
            </p>
            <ul className="divide-y rounded-md border bg-card">
              {offlineMatches.map((ticket) => (
                <li key={ticket.hash} className="space-y-2 p-3">
                  <p>
                    <span className="font-semibold">{ticket.name}</span> · {statusLabels[ticket.status]}
                  </p>
                  <FlaggedAnswers answers={ticket.flaggedAnswers} className="border-amber-700 text-base" />
                </li>
              ))}
            </ul>
          </div>
        )
      )}
    </section>
  );
}

/** Live counts per ticket type, and tickets two devices let in. */
function DoorCounts({ list }: { list: CheckInList }) {
  return (
    <section aria-label="At the door" className="mt-8 space-y-4">
      <h2 className="text-xl font-semibold">At the door</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {list.ticketTypes.map((count) => (
          <li key={count.ticketType} className="rounded-md border bg-card p-4">
            <p className="text-sm text-muted-foreground">{count.name}</p>
            <p className="text-2xl font-bold">
              {count.checkedIn} <span className="text-base font-normal">of {count.expected} checked in</span>
            </p>
          </li>
        ))}
      </ul>
      {list.duplicates.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">Duplicate scans</h3>
          <ul className="divide-y rounded-md border bg-card text-sm">
            {list.duplicates.map((duplicate, index) => (
              <li key={`${duplicate.deviceId}-${duplicate.scannedAt}-${index}`} className="p-3">
                <DuplicateScanText scan={duplicate} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
