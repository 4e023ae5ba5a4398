import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminSession, signIn } from './support/admin';
import { allViolations } from './support/payment';

// Runs against the upcoming edition's server (playwright.config.ts): the specs of the public schedule read the
// main server's sample programme, which this one must not change under them while they run.
const samplePath = path.resolve(import.meta.dirname, '../../programme.sample.json');
const sample = readFileSync(samplePath, 'utf8');

const renamed = { slug: 'perception-on-a-few-watts', title: 'Perception on a Few Watts, Now on Fewer' };
const moved = { slug: 'on-call-that-humans-can-live-with', title: 'On-Call That Humans Can Live With' };

interface PretalxEvent {
  slug: string;
  title: string;
  date: string;
  start: string;
}

/** The sample with one session renamed and another moved from 14:00 to 16:30 in the same room. */
function editedSample(): Buffer {
  const file = JSON.parse(sample) as {
    schedule: { conference: { days: { rooms: Record<string, PretalxEvent[]> }[] } };
  };
  const events = file.schedule.conference.days.flatMap((day) => Object.values(day.rooms).flat());
  const find = (slug: string) => {
    const event = events.find((each) => each.slug === slug);
    if (!event) throw new Error(`the sample has no session ${slug}`);
    return event;
  };
  find(renamed.slug).title = renamed.title;
  const later = find(moved.slug);
  later.date = later.date.replace('T14:00:', 'T16:30:');
  later.start = '16:30';
  return Buffer.from(JSON.stringify(file));
}

test.afterAll(async ({ playwright, baseURL }) => {
  // The sample again, for whatever runs after this on the same server.
  const request = await playwright.request.newContext({ baseURL });
  const headers = await adminSession(request, baseURL ?? '');
  const restored = await request.post('/api/admin/programme/import?apply=true', {
    headers: { ...headers, 'Content-Type': 'application/json' },
    data: sample,
  });
  expect(restored.ok(), await restored.text()).toBe(true);
  await request.dispose();
});

test('the organizer previews an edited programme, applies it, and the schedule shows it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Programme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programme' })).toBeVisible();

  await page
    .getByLabel('Programme file', { exact: true })
    .setInputFiles({ name: 'schedule.json', mimeType: 'application/json', buffer: editedSample() });
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Format: pretalx JSON');
  await expect(preview.getByRole('definition').first()).toHaveText('0 added, 1 changed, 1 moved, 0 removed');
  await expect(preview.getByRole('definition').nth(1)).toHaveText('0 added, 0 changed, 0 removed');
  await expect(preview.getByRole('region', { name: 'Moved' }).getByRole('listitem')).toHaveText(
    `${moved.title}: Wed, May 20, 14:00–14:45, Bayfront Stage → Wed, May 20, 16:30–17:15, Bayfront Stage`,
  );
  expect(await allViolations(page), 'the Programme screen with a preview').toEqual([]);

  await page.getByRole('button', { name: 'Apply' }).click();
  const applied = page.getByRole('status').filter({ hasText: /^Version \d+ applied\.$/ });
  await expect(applied).toBeVisible();
  const version = /Version (\d+)/.exec((await applied.textContent()) ?? '')?.[1];
  const newest = page.getByRole('table', { name: 'Versions of the programme' }).getByRole('row').nth(1);
  await expect(newest.getByRole('rowheader')).toHaveText(`v${version}`);
  await expect(newest).toContainText('Olivia Organizer');
  await expect(newest).toContainText('1 session changed, 1 session moved');

  const programme = (await (await page.request.get('/api/programme')).json()) as {
    version: number;
    sessions: { slug: string; title: string; start: string }[];
  };
  expect(programme.version).toBe(Number(version));
  const session = (slug: string) => programme.sessions.find((each) => each.slug === slug);
  expect(session(renamed.slug)?.title).toBe(renamed.title);
  expect(session(moved.slug)?.start).toBe('2026-05-20T16:30:00-04:00');

  // No restart: the public schedule's day shows the new title.
  await page.goto('/schedule?day=2026-05-20');
  await expect(page.locator('#programme-page')).toContainText(renamed.title);
});
