/** What the back office lets a person do; the server enforces it, screens follow it. */
export const staffRoles = ['owner', 'manager', 'support', 'door'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Which back-office screens each role sees. The server decides what each role may do
 * (server/src/admin/roles.rs); screens follow it so nobody is offered what would be refused.
 */
const screenRoles = {
  dashboard: ['owner', 'manager', 'support'],
  orders: ['owner', 'manager', 'support'],
  checkIn: ['owner', 'manager', 'door'],
  pickup: ['owner', 'manager', 'door'],
  pickList: ['owner', 'manager', 'door'],
  /** Every badge at once, the evening before; the door also prints one after each admission. */
  badges: ['owner', 'manager', 'door'],
  emails: ['owner', 'manager', 'support'],
  waitlist: ['owner', 'manager'],
  waitingList: ['owner', 'manager'],
  sponsorships: ['owner', 'manager'],
  codes: ['owner', 'manager'],
  invoices: ['owner', 'manager'],
  exports: ['owner', 'manager'],
  /** Support reads the versions; importing and photos are for owners and managers. */
  programme: ['owner', 'manager', 'support'],
  /** Support reads the seats and rosters; limits, sign-up and messages are for owners and managers. */
  workshops: ['owner', 'manager', 'support'],
  /** Support reads the messages sent; writing and sending them is for owners and managers. */
  messages: ['owner', 'manager', 'support'],
  /** When personal data is erased; erasing a person on request is the owner's alone. */
  privacy: ['owner', 'manager'],
  staff: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type AdminScreen = keyof typeof screenRoles;

export function canSee(role: StaffRole, screen: AdminScreen): boolean {
  return (screenRoles[screen] as readonly StaffRole[]).includes(role);
}

/** Refunds are money going out: owners and managers only. */
export function canRefund(role: StaffRole): boolean {
  return role === 'owner' || role === 'manager';
}

/** Changing the programme (an import, a speaker's photo): owners and managers; support only reads its versions. */
export function canChangeProgramme(role: StaffRole): boolean {
  return role === 'owner' || role === 'manager';
}

/** A session's sign-up and seat limit, and messages to its attendees: owners and managers. */
export function canManageSeats(role: StaffRole): boolean {
  return role === 'owner' || role === 'manager';
}

/** Messages to a segment (preview, test, send, schedule, cancel): owners and managers. */
export function canSendMessages(role: StaffRole): boolean {
  return role === 'owner' || role === 'manager';
}

/** Erasing a person's data on request cannot be undone: the owner only. */
export function canErasePersonalData(role: StaffRole): boolean {
  return role === 'owner';
}
