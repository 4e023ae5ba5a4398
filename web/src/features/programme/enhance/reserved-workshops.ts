import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { fetchSeatTickets, fetchTicketSeats, type Seat } from '@/features/seats/api/ticket-seats';
import { rememberedTicketLink } from '@/features/seats/ticket-link';
import { ordinal, venueTimeRange } from '@/features/seats/seat-text';

interface Reserved {
  seats: (Seat & { holder?: string })[];
  waiting: { session: string; title: string; place: number; holder?: string }[];
}

/** The seats and waiting-list places of every ticket the link opens; each named by its holder when there are several. */
async function readReserved(token: string, titles: ReadonlyMap<string, string>): Promise<Reserved> {
  const { tickets } = await fetchSeatTickets(token);
  const answers = await Promise.all(tickets.map((ticket) => fetchTicketSeats(token, ticket.id)));
  const holderOf = (index: number) =>
    tickets.length > 1 ? (tickets[index].attendeeName ?? `Ticket ${tickets[index].position}`) : undefined;
  return {
    seats: answers
      .flatMap((answer, index) => answer.seats.map((seat) => ({ ...seat, holder: holderOf(index) })))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
    waiting: answers.flatMap((answer, index) =>
      answer.waiting.map(({ session, place }) => ({
        session,
        title: titles.get(session) ?? session,
        place,
        holder: holderOf(index),
      })),
    ),
  };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const created = document.createElement(tag);
  created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

function seatItem(seat: Reserved['seats'][number]): HTMLLIElement {
  const item = element('li', 'rounded-md border border-border bg-card p-3');
  const link = element('a', 'font-medium text-secondary underline underline-offset-4', seat.title);
  link.href = paths.session(seat.session);
  const details = [`${venueTimeRange(seat.start, seat.end)} venue time`, seat.room, seat.holder].filter(Boolean);
  item.append(link, element('p', 'text-sm text-muted-foreground', details.join(' · ')));
  return item;
}

function waitingItem(place: Reserved['waiting'][number]): HTMLLIElement {
  const item = element('li', 'text-sm text-muted-foreground');
  const link = element('a', 'text-secondary underline underline-offset-4', place.title);
  link.href = paths.session(place.session);
  item.append('Waiting list of ', link, `: ${ordinal(place.place)} in line${place.holder ? ` (${place.holder})` : ''}`);
  return item;
}

/** "Reserved workshops", apart from the starred sessions: what the ticket link this browser keeps holds. */
function reservedSection(reserved: Reserved | { error: string }): HTMLElement {
  const section = element('section', 'space-y-2');
  section.dataset.mySeats = '';
  section.append(element('h2', 'text-xl font-semibold', 'Reserved workshops'));
  if ('error' in reserved) {
    section.append(element('p', 'font-medium text-destructive', reserved.error));
    return section;
  }
  if (reserved.seats.length === 0) {
    section.append(element('p', 'text-muted-foreground', 'No workshop seat reserved with your ticket yet.'));
  } else {
    const list = element('ul', 'grid gap-3');
    list.append(...reserved.seats.map(seatItem));
    section.append(list);
  }
  if (reserved.waiting.length > 0) {
    const list = element('ul', 'space-y-1');
    list.append(...reserved.waiting.map(waitingItem));
    section.append(list);
  }
  return section;
}

/**
 * On "My schedule", when this browser keeps a ticket link, adds the reserved workshops after the starred sessions
 * (below them, so nothing already shown moves). Answers the clean-up.
 */
export function showReservedWorkshops(
  root: HTMLElement,
  titles: ReadonlyMap<string, string>,
  token = rememberedTicketLink(),
): () => void {
  const container = root.querySelector('[data-my-empty]')?.parentElement;
  if (!token || !container) return () => {};
  let stopped = false;
  const show = (reserved: Reserved | { error: string }) => {
    if (stopped) return;
    container.querySelector('[data-my-seats]')?.remove();
    container.append(reservedSection(reserved));
  };
  readReserved(token, titles).then(show, (error: unknown) =>
    show({
      error:
        error instanceof ApiError && [401, 403, 404].includes(error.status)
          ? 'The ticket link this browser kept no longer opens a ticket: open your latest one to see your workshops.'
          : 'Your reserved workshops could not be loaded. Please reload the page.',
    }),
  );
  return () => {
    stopped = true;
  };
}
