import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, OWNER_EMAIL, buyTicket } from './support/admin';
import { emailTo } from './support/mail';
import { uniqueEmail } from './support/orders';
import { root, startServer } from './support/server';

// Workshop seats on a server of their own: a programme of two one-seat workshops two years ahead (so sign-up is
// open), which the shared servers' programme pages must not see.

const token = 'e2e-seats-admin-token-0123456789abcdef';
const rustLab = { slug: 'rust-lab', title: 'Rust Lab' };
const goLab = { slug: 'go-lab', title: 'Go Lab' };

/** The shipped event two years on, without the sample programme. */
function editionWithoutProgramme(dir: string): string {
  const file = path.join(dir, 'conference.toml');
  const shipped = readFileSync(path.join(root, 'conference.toml'), 'utf8');
  writeFileSync(
    file,
    shipped
      .replace(
        /^(\w+ = )(\d{4})(-\d\d-\d\d)/gm,
        (_, key: string, year: string, rest: string) => `${key}${Number(year) + 2}${rest}`,
      )
      .replace(/^sample = .+$/m, ''),
  );
  return file;
}

/** A pretalx schedule.json with one workshop in each of two rooms of one seat, on the event's first day. */
function twoWorkshops(date: string): string {
  const workshop = (number: number, session: { slug: string; title: string }, room: string, start: string) => ({
    guid: `00000000-0000-4000-a000-00000000000${number}`,
    code: `WS0${number}`,
    id: number,
    date: `${date}T${start}:00-04:00`,
    start,
    duration: '02:00',
    room,
    slug: session.slug,
    url: `https://cfp.example.com/talk/WS0${number}/`,
    title: session.title,
    subtitle: '',
    track: null,
    type: 'Workshop',
    language: 'en',
    abstract: 'Hands on.',
    description: '',
    persons: [],
    links: [],
  });
  const rooms = ['Lab One', 'Lab Two'].map((name, index) => ({
    name,
    guid: `00000000-0000-4000-9000-00000000000${index + 1}`,
    capacity: 1,
  }));
  return JSON.stringify({
    $schema: 'https://c3voc.de/schedule/schema.json',
    generator: { name: 'pretalx', version: '2025.1.0' },
    schedule: {
      version: '1',
      base_url: 'https://cfp.example.com/',
      conference: {
        acronym: 'seats',
        title: 'Seats',
        start: date,
        end: date,
        daysCount: 1,
        timeslot_duration: '00:15',
        time_zone_name: 'America/New_York',
        rooms,
        tracks: [],
        days: [
          {
            index: 1,
            date,
            day_start: `${date}T00:00:00-04:00`,
            day_end: `${date}T23:59:00-04:00`,
            rooms: {
              'Lab One': [workshop(1, rustLab, 'Lab One', '10:00')],
              'Lab Two': [workshop(2, goLab, 'Lab Two', '14:00')],
            },
          },
        ],
      },
    },
  });
}

interface Holder {
  email: string;
  link: string;
  token: string;
  ticketId: string;
  code: string;
}

/** A developer ticket bought by `name`, with its manage link from the receipt, its id and its code. */
async function holder(api: APIRequestContext, dataDir: string, name: string) {
  const email = uniqueEmail(name.toLowerCase().split(' ')[0]);
  await buyTicket(api, name, email);
  const receipt = await emailTo(email, 'Developer Pass', dataDir);
  const link = /https?:\/\/\S+\/my-tickets#[0-9a-f]+/.exec(receipt)?.[0] ?? '';
  expect(link, receipt).not.toBe('');
  const manageToken = link.split('#')[1];
  const tickets = (await (await api.get('/api/my-tickets', { headers: { 'X-Manage-Token': manageToken } })).json()) as {
    tickets: { id: string; code: string; workshopSeats: number }[];
  };
  expect(tickets.tickets[0].workshopSeats).toBe(3);
  return { email, link, token: manageToken, ticketId: tickets.tickets[0].id, code: tickets.tickets[0].code } as Holder;
}

test('a holder reserves a workshop, queues for a full one and cancels; the next in line gets the seat and is admitted at its door', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'conference-e2e-seats-'));
  const dataDir = path.join(dir, 'data');
  const server = await startServer(editionWithoutProgramme(dir), {
    ADMIN_TOKEN: token,
    ADMIN_PASSWORD_HASH: process.env.E2E_ADMIN_PASSWORD_HASH ?? '',
    DATA_DIR: dataDir,
  });
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  const admin = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  try {
    const imported = await admin.post('/api/admin/programme/import?apply=true', {
      headers: { 'Content-Type': 'application/json' },
      data: twoWorkshops('2028-05-18'),
    });
    expect(imported.ok(), await imported.text()).toBe(true);
    const [ana, ben, cleo] = [
      await holder(api, dataDir, 'Ana Seats'),
      await holder(api, dataDir, 'Ben Seats'),
      await holder(api, dataDir, 'Cleo Seats'),
    ];
    const seatsOf = (who: Holder) => `/api/my-tickets/${who.ticketId}/seats`;
    const asHolder = (who: Holder) => ({ 'X-Manage-Token': who.token });
    // Ben takes the Go Lab's one seat.
    const bens = await api.post(seatsOf(ben), { headers: asHolder(ben), data: { session: goLab.slug } });
    expect(bens.status(), await bens.text()).toBe(201);

    // Ana, on her tickets page, reserves the Rust Lab and finds the Go Lab full.
    await page.goto(ana.link.replace(/^https?:\/\/[^/]+/, server.url));
    const panel = page.getByRole('region', { name: /^Workshops of / });
    await expect(panel).toContainText('0 of 3 seats used');
    await panel.getByRole('button', { name: 'Choose a workshop' }).click();
    const choices = panel.getByRole('list', { name: 'Workshops to choose from' });
    await expect(choices.getByRole('listitem').filter({ hasText: goLab.title })).toContainText(
      'Full: join the waiting list',
    );
    await choices.getByRole('button', { name: `Reserve a seat in ${rustLab.title}` }).click();
    const seats = panel.getByRole('list', { name: 'Your seats' });
    await expect(seats).toContainText(rustLab.title);
    await expect(panel).toContainText('1 of 3 seats used');
    await emailTo(ana.email, `Your seat in ${rustLab.title} is reserved`, dataDir);

    // She joins the Go Lab's queue.
    await choices.getByRole('button', { name: `Join the waiting list of ${goLab.title}` }).click();
    await expect(panel.getByRole('list', { name: 'Your waiting lists' })).toContainText('1st in line');

    // Cleo queues for the Rust Lab behind Ana's seat; Ana cancels it and the seat is Cleo's.
    const queued = await api.post(`${seatsOf(cleo)}/${rustLab.slug}/waiting-list`, { headers: asHolder(cleo) });
    expect(queued.status(), await queued.text()).toBe(201);
    expect(((await queued.json()) as { place: number }).place).toBe(1);
    await seats.getByRole('button', { name: `Cancel your seat in ${rustLab.title}` }).click();
    await expect(panel).toContainText('No workshop seat reserved yet.');
    const offered = await emailTo(cleo.email, `A seat in ${rustLab.title} is now yours`, dataDir);
    expect(offered).toContain(rustLab.title);
    const cleos = (await (await api.get(seatsOf(cleo), { headers: asHolder(cleo) })).json()) as {
      seats: { session: string }[];
      waiting: unknown[];
    };
    expect(cleos.seats.map((seat) => seat.session)).toEqual([rustLab.slug]);
    expect(cleos.waiting).toEqual([]);

    // At the Rust Lab's door, the owner admits Cleo once.
    await page.goto(`${server.url}/admin`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(OWNER_EMAIL);
    await form.getByLabel('Password').fill(ADMIN_PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto(`${server.url}/admin/check-in`);
    await page.getByLabel('Door', { exact: true }).selectOption(rustLab.slug);
    const typed = page.getByRole('textbox', { name: 'Ticket code' });
    const result = page.getByRole('region', { name: 'Check-in result' });
    await typed.fill(cleo.code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Valid');
    await expect(result).toContainText('Cleo Seats');
    await expect(page.getByLabel('Workshop counts')).toContainText(`${rustLab.title}: in 1 · free 0`);
    await typed.fill(cleo.code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Already checked in');
    // Ben holds no seat here, and none is free.
    await typed.fill(ben.code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Full');
  } finally {
    await api.dispose();
    await admin.dispose();
    await server.stop();
  }
});
