import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The programme's pages on the shipped event's sample programme (imported at the server's first start): the
// server renders them, the browser's enhancer adds the stars, filters and the personal schedule.

interface Programme {
  days: string[];
  tracks: { id: string; name: string }[];
  sessions: { slug: string; title: string; kind: string; track: string | null; start: string; cancelled: boolean }[];
}

/** The track with the most sessions on the first day (the schedule's default day), and two of its sessions. */
async function busiestTrack(request: APIRequestContext) {
  const response = await request.get('/api/programme');
  expect(response.ok(), await response.text()).toBe(true);
  const { days, sessions } = (await response.json()) as Programme;
  const firstDay = sessions.filter(
    (session) => session.start.startsWith(days[0]) && session.track && !session.cancelled && session.kind !== 'break',
  );
  const counts = new Map<string, number>();
  for (const session of firstDay) counts.set(session.track!, (counts.get(session.track!) ?? 0) + 1);
  const [track] = [...counts].sort((a, b) => b[1] - a[1])[0];
  const [first, second] = firstDay.filter((session) => session.track === track);
  expect(second, 'the sample programme has two sessions of one track on its first day').toBeDefined();
  return { track, first, second };
}

const programmePage = (page: Page) => page.locator('#programme-page');
const star = (page: Page, slug: string) => programmePage(page).locator(`button[data-star="${slug}"]`).first();

async function visitorJourney(page: Page, request: APIRequestContext) {
  const { track, first, second } = await busiestTrack(request);

  await page.goto('/schedule');
  await expect(programmePage(page).getByRole('heading').first()).toBeVisible();
  // The page has come to life once the filters apply themselves (their button goes): a choice made before that
  // would wait for the button, as it does without JavaScript.
  await expect(programmePage(page).locator('[data-filters-apply]')).toBeHidden();
  // The filter applies itself on change, and the address keeps it.
  await programmePage(page).locator('form[data-filters] select[name="track"]').selectOption(track);
  await expect(page).toHaveURL((url) => url.pathname === '/schedule' && url.searchParams.get('track') === track);
  await expect(programmePage(page).locator(`[data-session="${first.slug}"]`).first()).toBeVisible();

  // Open a session and star it there; star a second one on the schedule.
  await programmePage(page).locator(`a[href="/sessions/${first.slug}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${first.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(first.title);
  await star(page, first.slug).click();
  await expect(star(page, first.slug)).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/schedule?track=${encodeURIComponent(track)}`);
  // Stars show once the page has come to life.
  await expect(star(page, second.slug)).not.toHaveAttribute('hidden');
  await star(page, second.slug).click();
  await expect(star(page, second.slug)).toHaveAttribute('aria-pressed', 'true');

  // Stars survive a reload.
  await page.reload();
  await expect(star(page, first.slug)).toHaveAttribute('aria-pressed', 'true');
  await expect(star(page, second.slug)).toHaveAttribute('aria-pressed', 'true');

  // "My schedule" lists both, and their calendar holds both.
  await page.goto('/my-schedule');
  await expect(programmePage(page).locator(`li[data-session="${first.slug}"]`)).toBeVisible();
  await expect(programmePage(page).locator(`li[data-session="${second.slug}"]`)).toBeVisible();
  await expect(programmePage(page).locator('li[data-session]:visible')).toHaveCount(2);
  await expect(programmePage(page).locator('[data-my-empty]')).toBeHidden();
  const downloading = page.waitForEvent('download');
  await programmePage(page).locator('a[data-my-ics]').click();
  const file = await (await downloading).path();
  const calendar = readFileSync(file, 'utf8');
  expect(calendar.match(/^BEGIN:VEVENT/gm)).toHaveLength(2);
}

async function speakerFromHome(page: Page) {
  await page.goto('/');
  const speakers = page.locator('#speakers');
  await expect(speakers.getByRole('heading', { name: 'Speakers' })).toBeVisible();
  const speaker = speakers.locator('#featured-speakers a[href^="/speakers/"]').first();
  await speaker.scrollIntoViewIfNeeded();
  const href = await speaker.getAttribute('href');
  await speaker.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(programmePage(page).getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('on a desktop', () => {
  test('a visitor filters the schedule, opens a session, stars two and downloads them', async ({ page, request }) => {
    await visitorJourney(page, request);
  });

  test("the home page's speakers lead to a speaker's page", async ({ page }) => {
    await speakerFromHome(page);
  });
});

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test('a visitor filters the schedule, opens a session, stars two and downloads them', async ({ page, request }) => {
    await visitorJourney(page, request);
  });

  test("the home page's speakers lead to a speaker's page", async ({ page }) => {
    await speakerFromHome(page);
  });
});

/** The layout shifts of the page so far not caused by the visitor's input, summed as Lighthouse's CLS sums them. */
async function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((entries) => {
          const shifts = entries.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
          resolve(shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // With no shift at all the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );
}

async function scheduleInBerlin(page: Page) {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/schedule');
  await expect(programmePage(page).locator('[data-filters-apply]')).toBeHidden();
  // The head's inline script found a clock that is not the venue's before the first paint, under the CSP.
  await expect(page.locator('html')).toHaveAttribute('data-visitor-clock', 'other');
  const slot = programmePage(page).locator('li[data-session] [data-local-slot]').first();
  await expect(slot).toContainText(/\d\d:\d\d–\d\d:\d\d your time/);
  expect(await layoutShift(page)).toBeLessThan(0.01);
  expect(refused).toEqual([]);
}

test.describe("a visitor on Berlin's clock", () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('sees their own times on lines kept for them, so the schedule does not move', async ({ page }) => {
    await scheduleInBerlin(page);
  });

  test('on a phone, too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await scheduleInBerlin(page);
  });
});

test.describe("a visitor on the venue's clock", () => {
  test.use({ timezoneId: 'America/New_York' });

  test('gets no line for times that read the same', async ({ page }) => {
    await page.goto('/schedule');
    await expect(programmePage(page).locator('[data-filters-apply]')).toBeHidden();
    await expect(page.locator('html')).not.toHaveAttribute('data-visitor-clock', /.*/);
    await expect(programmePage(page).locator('li[data-session]').first()).toBeVisible();
    await expect(programmePage(page).locator('[data-local-slot]:visible')).toHaveCount(0);
  });
});
