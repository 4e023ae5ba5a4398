import { expect, test } from '@playwright/test';
import { signIn } from './support/admin';
import { emailTo } from './support/mail';
import { uniqueEmail } from './support/orders';
import { allViolations, answerRequiredQuestions, payWithTestCard, sandboxCardForm } from './support/payment';

// Runs against the upcoming edition's server (playwright.config.ts): the shipped event's
// transfer cut-off, May 11, 2026, has passed.
const dataDir = process.env.E2E_UPCOMING_DATA_DIR;

test('a team pass: give a colleague their seat from the receipt’s link, then check them in once', async ({ page }) => {
  // Two emails go through the outbox worker, which looks for work every 2 seconds.
  test.setTimeout(60_000);
  const buyer = uniqueEmail('team.lead');
  const colleague = uniqueEmail('colleague');

  // Buy four Team Passes with the sandbox's test card.
  await page.goto('/checkout/team');
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Name', { exact: true }).fill('Tara Lead');
  await details.getByLabel('Email', { exact: true }).fill(buyer);
  await answerRequiredQuestions(details);
  await details.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payWithTestCard(await sandboxCardForm(page), '4242 4242 4242 4242', 'Complete Purchase');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The receipt links to the private tickets page.
  const receipt = await emailTo(buyer, 'Team Pass', dataDir);
  expect(receipt).toContain('Your order has 4 tickets');
  const manageLink = /https?:\/\/\S+\/my-tickets#[0-9a-f]+/.exec(receipt)?.[0];
  expect(manageLink, receipt).toBeDefined();
  await page.goto(manageLink ?? '');
  await expect(page.getByRole('heading', { name: 'Your tickets' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Ticket \d of 4$/ })).toHaveCount(4);
  expect(await allViolations(page)).toEqual([]);

  // Name the second ticket's holder: the seat becomes theirs, with a new code sent to them.
  await page.getByRole('button', { name: 'Name the attendee of ticket 2 of 4' }).click();
  const form = page.getByRole('form', { name: 'Attendee of ticket 2 of 4' });
  await form.getByLabel("Attendee's name").fill('Cole League');
  await form.getByLabel("Attendee's email").fill(colleague);
  await expect(form).toContainText('They will get the ticket and their own link by email.');
  await form.getByRole('button', { name: 'Send them the ticket' }).click();
  const secondTicket = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ticket 2 of 4' }) });
  await expect(secondTicket).toContainText('Given to Cole League');
  await expect(secondTicket).not.toContainText(colleague);
  await expect(secondTicket.getByText(/TK-/)).toHaveCount(0);
  await expect(secondTicket.getByRole('img')).toHaveCount(0);
  await expect(secondTicket.getByRole('button')).toHaveCount(0);

  // The colleague's email carries their code and their own private link, which shows their ticket.
  const colleagueTicket = await emailTo(colleague, 'Team Pass', dataDir);
  const code = /TK-[0-9A-Z-]+/.exec(colleagueTicket)?.[0] ?? '';
  expect(code, colleagueTicket).not.toBe('');
  const holderLink = /https?:\/\/\S+\/my-tickets#[\w-]+/.exec(colleagueTicket)?.[0];
  expect(holderLink, colleagueTicket).toBeDefined();
  expect(holderLink).not.toBe(manageLink);
  const colleaguePage = await page.context().newPage();
  await colleaguePage.goto(holderLink ?? '');
  const holderTicket = colleaguePage
    .getByRole('listitem')
    .filter({ has: colleaguePage.getByRole('heading', { name: 'Your ticket', exact: true }) });
  await expect(holderTicket).toContainText(code);
  await expect(holderTicket.getByRole('img', { name: `QR code for ticket ${code}` })).toBeVisible();
  await expect(colleaguePage.getByText('given to you by Tara Lead')).toBeVisible();
  expect(await allViolations(colleaguePage)).toEqual([]);
  await colleaguePage.close();

  // At the door: the colleague's code admits them once.
  await signIn(page);
  await page.goto('/admin/check-in');
  const typed = page.getByRole('textbox', { name: 'Ticket code' });
  await typed.fill(code);
  await page.getByRole('button', { name: 'Check in' }).click();
  const result = page.getByRole('region', { name: 'Check-in result' });
  await expect(result).toContainText('Valid');
  await expect(result).toContainText('Cole League');

  await typed.fill(code);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(result).toContainText('Already checked in');
  await expect(result).toContainText('by Olivia Organizer');
  expect(await allViolations(page)).toEqual([]);
});
