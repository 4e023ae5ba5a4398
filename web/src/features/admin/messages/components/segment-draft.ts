import type { Segment, SegmentKind, StoredSegment } from '../api/messages';

/** The segment picker's state: every kind's choices, kept while the organizer switches between kinds. */
export interface SegmentDraft {
  kind: SegmentKind;
  /** Ticket holders: none ticked is every type. */
  ticketTypes: string[];
  checkedIn: 'any' | 'yes' | 'no';
  /** A session's slug. */
  session: string;
  /** A merchandise item's id; blank is any item. */
  item: string;
  /** Waitlist: none ticked is everyone subscribed. */
  interestAreas: string[];
}

/** The composer's errors about the segment, keyed as the server names them. */
export type SegmentErrors = Partial<
  Record<'segment' | 'segment.ticketTypes' | 'segment.session' | 'segment.item' | 'segment.interestAreas', string>
>;

export const segmentFields = [
  'segment',
  'segment.ticketTypes',
  'segment.session',
  'segment.item',
  'segment.interestAreas',
] as const;

export const segmentKindLabels: Record<SegmentKind, string> = {
  ticket_holders: 'Ticket holders',
  session: 'Workshop attendees',
  sponsors: 'Sponsors',
  merchandise_not_picked_up: 'Merchandise not picked up',
  waitlist: 'Waitlist',
};

export const segmentKinds = Object.keys(segmentKindLabels) as SegmentKind[];

export const blankSegment: SegmentDraft = {
  kind: 'ticket_holders',
  ticketTypes: [],
  checkedIn: 'any',
  session: '',
  item: '',
  interestAreas: [],
};

/** The segment as the server takes it: the chosen kind's fields, those left at "any" left out. */
export function segmentOf(draft: SegmentDraft): Segment {
  switch (draft.kind) {
    case 'ticket_holders':
      return {
        kind: draft.kind,
        ...(draft.ticketTypes.length > 0 && { ticketTypes: draft.ticketTypes }),
        ...(draft.checkedIn !== 'any' && { checkedIn: draft.checkedIn === 'yes' }),
      };
    case 'session':
      return { kind: draft.kind, session: draft.session };
    case 'sponsors':
      return { kind: draft.kind };
    case 'merchandise_not_picked_up':
      return { kind: draft.kind, ...(draft.item && { item: draft.item }) };
    case 'waitlist':
      return { kind: draft.kind, ...(draft.interestAreas.length > 0 && { interestAreas: draft.interestAreas }) };
  }
}

/** The names the list shows for the values a segment stores. */
export interface SegmentNames {
  ticketType: (type: string) => string | undefined;
  session: (slug: string) => string | undefined;
  item: (id: string) => string | undefined;
  interestArea: (value: string) => string | undefined;
}

const named = (values: string[], name: (value: string) => string | undefined) =>
  values.map((value) => name(value) ?? value).join(', ');

/** "Ticket holders: VIP Pass, checked in", "Workshop attendees: Rust in a day", "Waitlist: everyone subscribed". */
export function segmentText(segment: StoredSegment, names: SegmentNames): string {
  switch (segment.kind) {
    case 'ticket_holders': {
      const types = segment.ticketTypes?.length ? named(segment.ticketTypes, names.ticketType) : 'every ticket type';
      const checkedIn =
        segment.checkedIn === true ? ', checked in' : segment.checkedIn === false ? ', not checked in' : '';
      return `Ticket holders: ${types}${checkedIn}`;
    }
    case 'session':
      return `Workshop attendees: ${segment.session ? (names.session(segment.session) ?? segment.session) : '?'}`;
    case 'sponsors':
      return 'Sponsors';
    case 'merchandise_not_picked_up': {
      const item = segment.item === undefined || segment.item === null ? null : String(segment.item);
      return `Merchandise not picked up: ${item ? (names.item(item) ?? item) : 'any item'}`;
    }
    case 'waitlist':
      return `Waitlist: ${
        segment.interestAreas?.length ? named(segment.interestAreas, names.interestArea) : 'everyone subscribed'
      }`;
    default:
      return segment.kind;
  }
}
