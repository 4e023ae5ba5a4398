import { expect, test } from '@playwright/test';
import { signIn } from './support/admin';
import { emailTo } from './support/mail';
import { uniqueEmail } from './support/orders';
import { allViolations, payWithTestCard, toast } from './support/payment';
import { pngLogo } from './support/png';
import { reachCardForm } from './support/sponsorship';

// Runs against the upcoming edition's server (playwright.config.ts): passes can be named only
// until the transfer cut-off, which for the shipped event (May 11, 2026) has passed. That server
// serves the app shell (its pages were prerendered for the shipped event); sponsor-wall.spec.ts
// measures the prerendered home page with a sponsor on it.
const dataDir = process.env.E2E_UPCOMING_DATA_DIR;

test('a Gold sponsor sends a logo and names a pass; once approved, the logo is on the home page', async ({ page }) => {
  // Emails go through the outbox worker, which looks for work every 2 seconds.
  test.setTimeout(90_000);
  const sponsor = uniqueEmail('gold.sponsor');
  const guest = uniqueEmail('vip.guest');
  const company = `Gold Works ${Date.now().toString(36)}`;

  // Buy the Gold sponsorship with the sandbox's test card.
  await page.goto('/sponsor-payment?tier=gold');
  await payWithTestCard(
    await reachCardForm(page, sponsor, company),
    '4242 4242 4242 4242',
    'Complete Sponsorship Payment',
  );
  await expect(page.getByRole('heading', { name: 'Sponsorship Confirmed!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open your sponsor page' })).toHaveAttribute(
    'href',
    /\/sponsor#[0-9a-f]{64}$/,
  );

  // The receipt links to the sponsor's page.
  const receipt = await emailTo(sponsor, 'Gold', dataDir);
  const pageLink = /https?:\/\/\S+\/sponsor#[0-9a-f]+/.exec(receipt)?.[0];
  expect(pageLink, receipt).toBeDefined();
  await page.goto(pageLink ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'Your sponsor page' })).toBeVisible();
  await expect(page.getByText('12 passes · 0 named · 0 used at the door')).toBeVisible();
  await expect(page.getByText('Logo and profile for the printed programme and venue signage')).toBeVisible();

  // A PNG logo goes to the organizers' review.
  await page.getByLabel('Choose your logo').setInputFiles({
    name: 'gold-works.png',
    mimeType: 'image/png',
    buffer: pngLogo(600, 200),
  });
  await expect(
    page.getByText('Thank you! The organizers review your profile before it goes on the website.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your logo as it will be shown' })).toBeVisible();
  expect(await allViolations(page)).toEqual([]);

  // Name one pass: its holder gets their own ticket.
  await page.getByRole('link', { name: 'Name your passes' }).click();
  await expect(page.getByRole('heading', { name: 'Your tickets' })).toBeVisible();
  await page.getByRole('button', { name: 'Name the attendee of ticket 1 of 12' }).click();
  const form = page.getByRole('form', { name: 'Attendee of ticket 1 of 12' });
  await form.getByLabel("Attendee's name").fill('Vera Guest');
  await form.getByLabel("Attendee's email").fill(guest);
  await form.getByRole('button', { name: 'Send them the ticket' }).click();
  await expect(toast(page)).toContainText('Ticket sent');
  const ticket = await emailTo(guest, 'VIP Pass', dataDir);
  expect(ticket).toContain('Vera Guest');

  // The organizer approves the profile.
  await signIn(page);
  await page.goto('/admin/sponsorships');
  const card = page.getByRole('article', { name: company });
  await expect(card.getByText('Waiting for your review')).toBeVisible();
  await expect(card.getByText('VIP passes: 1 named of 12 · 0 used')).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card.getByText('On the wall', { exact: true })).toBeVisible();

  // The home page thanks the sponsor, linking to their website as a sponsored link.
  await page.goto('/');
  const wall = page.getByRole('region', { name: 'Sponsors' });
  const logo = wall.getByRole('img', { name: company });
  await logo.scrollIntoViewIfNeeded();
  await expect(logo).toBeVisible();
  await expect(logo.locator('xpath=..')).toHaveAttribute('rel', 'sponsored noopener');
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(600);
});
