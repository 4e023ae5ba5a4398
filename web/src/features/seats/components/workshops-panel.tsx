import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useWorkshops, type Workshop } from '../api/programme-workshops';
import type { Seat, TicketSeats } from '../api/ticket-seats';
import { useSeatAction, useTicketSeats, type SeatAction } from '../api/use-ticket-seats';
import { ordinal, seatsText, signupState, venueTimeRange } from '../seat-text';

/**
 * A ticket's workshops on its holder's page: the seats it holds, its places in waiting lines, and the sessions
 * it can still sign up for, each refusal shown beside the session it is about.
 */
export function WorkshopsPanel({ token, ticketId, label }: { token: string; ticketId: string; label: string }) {
  const seats = useTicketSeats(token, ticketId);
  const workshops = useWorkshops();
  const action = useSeatAction(token, ticketId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [choosing, setChoosing] = useState(false);

  function act(kind: SeatAction, session: string) {
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([slug]) => slug !== session)));
    action.mutate(
      { action: kind, session },
      {
        onError: (error) =>
          setErrors((current) => ({
            ...current,
            [session]: error instanceof Error ? error.message : 'This did not work. Please try again.',
          })),
      },
    );
  }
  const busy = action.isPending;
  const titles = new Map((workshops.data ?? []).map((workshop) => [workshop.slug, workshop.title]));

  return (
    <section aria-label={`Workshops of ${label}`} className="space-y-3 border-t border-border pt-4">
      <h3 className="font-semibold">Workshops</h3>
      {!seats.data ? (
        seats.error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {seats.error.message}
          </p>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your workshops…
          </p>
        )
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {seats.data.seats.length} of {seats.data.limit} seats used
          </p>
          <HeldSeats seats={seats.data.seats} errors={errors} busy={busy} onCancel={(slug) => act('cancel', slug)} />
          <Places
            waiting={seats.data.waiting}
            titles={titles}
            errors={errors}
            busy={busy}
            onLeave={(slug) => act('cancel', slug)}
          />
          {choosing ? (
            <Picker
              held={seats.data}
              workshops={workshops}
              errors={errors}
              busy={busy}
              onAct={act}
              onClose={() => setChoosing(false)}
            />
          ) : (
            <Button variant="outline" size="sm" onClick={() => setChoosing(true)}>
              Choose a workshop
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function SessionError({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  );
}

function HeldSeats({
  seats,
  errors,
  busy,
  onCancel,
}: {
  seats: Seat[];
  errors: Record<string, string>;
  busy: boolean;
  onCancel: (slug: string) => void;
}) {
  if (seats.length === 0) return <p className="text-sm">No workshop seat reserved yet.</p>;
  return (
    <ul aria-label="Your seats" className="divide-y rounded-md border border-border">
      {seats.map((seat) => (
        <li key={seat.session} className="space-y-1 p-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="font-medium">{seat.title}</p>
              <p className="text-sm text-muted-foreground">
                {venueTimeRange(seat.start, seat.end)} venue time{seat.room && ` · ${seat.room}`}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Cancel your seat in ${seat.title}`}
              onClick={() => onCancel(seat.session)}
            >
              Cancel
            </Button>
          </div>
          <SessionError error={errors[seat.session]} />
        </li>
      ))}
    </ul>
  );
}

function Places({
  waiting,
  titles,
  errors,
  busy,
  onLeave,
}: {
  waiting: TicketSeats['waiting'];
  titles: ReadonlyMap<string, string>;
  errors: Record<string, string>;
  busy: boolean;
  onLeave: (slug: string) => void;
}) {
  if (waiting.length === 0) return null;
  return (
    <ul aria-label="Your waiting lists" className="divide-y rounded-md border border-border">
      {waiting.map(({ session, place }) => {
        const title = titles.get(session) ?? session;
        return (
          <li key={session} className="space-y-1 p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-medium">{title}</p>
                <p className="text-sm text-muted-foreground">{ordinal(place)} in line</p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={busy}
                aria-label={`Leave the waiting list of ${title}`}
                onClick={() => onLeave(session)}
              >
                Leave
              </Button>
            </div>
            <SessionError error={errors[session]} />
          </li>
        );
      })}
    </ul>
  );
}

/** The workshops this ticket neither holds nor waits for, with what can be done about each now. */
function Picker({
  held,
  workshops,
  errors,
  busy,
  onAct,
  onClose,
}: {
  held: TicketSeats;
  workshops: ReturnType<typeof useWorkshops>;
  errors: Record<string, string>;
  busy: boolean;
  onAct: (action: SeatAction, slug: string) => void;
  onClose: () => void;
}) {
  if (!workshops.data) {
    return workshops.error ? (
      <p role="alert" className="text-sm font-medium text-destructive">
        {workshops.error.message}
      </p>
    ) : (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the workshops…
      </p>
    );
  }
  const taken = new Set([...held.seats.map((seat) => seat.session), ...held.waiting.map((place) => place.session)]);
  const open = workshops.data.filter((workshop) => !taken.has(workshop.slug));
  // The counts are as of their reading: whether sign-up is open is judged at the same moment.
  const now = workshops.dataUpdatedAt;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">Choose a workshop</h4>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      {open.length === 0 ? (
        <p className="text-sm text-muted-foreground">No other workshop takes sign-ups.</p>
      ) : (
        <ul aria-label="Workshops to choose from" className="divide-y rounded-md border border-border">
          {open.map((workshop) => (
            <WorkshopChoice
              key={workshop.slug}
              workshop={workshop}
              now={now}
              error={errors[workshop.slug]}
              busy={busy}
              onAct={onAct}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function WorkshopChoice({
  workshop,
  now,
  error,
  busy,
  onAct,
}: {
  workshop: Workshop;
  now: number;
  error?: string;
  busy: boolean;
  onAct: (action: SeatAction, slug: string) => void;
}) {
  const state = signupState(workshop.seats, now);
  return (
    <li className="space-y-1 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{workshop.title}</p>
          <p className="text-sm text-muted-foreground">
            {venueTimeRange(workshop.start, workshop.end)} venue time{workshop.room && ` · ${workshop.room}`}
          </p>
          <p className="text-sm font-medium">{seatsText(workshop.seats, now)}</p>
        </div>
        {state === 'open' && (
          <Button
            size="sm"
            disabled={busy}
            aria-label={`Reserve a seat in ${workshop.title}`}
            onClick={() => onAct('reserve', workshop.slug)}
          >
            Reserve
          </Button>
        )}
        {state === 'full' && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={`Join the waiting list of ${workshop.title}`}
            onClick={() => onAct('wait', workshop.slug)}
          >
            Join the waiting list
          </Button>
        )}
      </div>
      <SessionError error={error} />
    </li>
  );
}
