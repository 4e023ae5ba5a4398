import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { OWNER_EMAIL, signIn } from './support/admin';
import { emailTo } from './support/mail';
import { uniqueEmail } from './support/orders';
import { payWithTestCard, sandboxCardForm, toast } from './support/payment';

// Runs against the upcoming edition's server (playwright.config.ts): its tickets can still be named and their
// answers changed, as the shipped edition's (May 2026) no longer can.
const dataDir = process.env.E2E_UPCOMING_DATA_DIR;

/** Buys `quantity` of `ticket` through the checkout, answering the dietary question as `diet`. */
async function buyAnswering(page: Page, ticket: string, name: string, email: string, diet: string) {
  await page.goto(`/checkout/${ticket}`);
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Name', { exact: true }).fill(name);
  await details.getByLabel('Email', { exact: true }).fill(email);
  await details
    .getByRole('radiogroup', { name: /^Dietary needs/ })
    .getByRole('radio', { name: diet })
    .check();
  await details.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payWithTestCard(await sandboxCardForm(page), '4242 4242 4242 4242', 'Complete Purchase');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

/** The emails written for `recipient` whose subject line contains `subject`. */
function emailsTo(recipient: string, subject: string): string[] {
  const folder = path.join(dataDir ?? '', 'mail');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(path.join(folder, name), 'utf8'))
    .filter((raw) => raw.includes(`To: ${recipient}`) || raw.includes(`<${recipient}>`))
    .filter((raw) => raw.includes(subject));
}

test('attendees answer the questions; the organizer sees the totals and writes to the checked-in VIP holders', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lead = uniqueEmail('diet.lead');
  const colleague = uniqueEmail('diet.colleague');
  const vipIn = uniqueEmail('vip.in');
  const vipOut = uniqueEmail('vip.out');

  // A team buyer answers for her own seat at checkout; an unanswered required question is said by its field.
  await page.goto('/checkout/team');
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Name', { exact: true }).fill('Dana Lead');
  await details.getByLabel('Email', { exact: true }).fill(lead);
  await details.getByRole('button', { name: 'Proceed to Payment' }).click();
  const diet = details.getByRole('radiogroup', { name: /^Dietary needs/ });
  await expect(details.getByText('Please answer this question.')).toBeVisible();
  await diet.getByRole('radio', { name: 'Vegetarian' }).check();
  await expect(details.getByText('Please answer this question.')).toHaveCount(0);
  await details.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payWithTestCard(await sandboxCardForm(page), '4242 4242 4242 4242', 'Complete Purchase');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // She gives the second seat to a colleague, who answers on their own link.
  const receipt = await emailTo(lead, 'Team Pass', dataDir);
  const manageLink = /https?:\/\/\S+\/my-tickets#[0-9a-f]+/.exec(receipt)?.[0] ?? '';
  expect(manageLink, receipt).not.toBe('');
  await page.goto(manageLink);
  await page.getByRole('button', { name: 'Name the attendee of ticket 2 of 4' }).click();
  const naming = page.getByRole('form', { name: 'Attendee of ticket 2 of 4' });
  await naming.getByLabel("Attendee's name").fill('Cole Answer');
  await naming.getByLabel("Attendee's email").fill(colleague);
  await naming.getByRole('button', { name: 'Send them the ticket' }).click();
  const colleagueTicket = await emailTo(colleague, 'Team Pass', dataDir);
  const holderLink = /https?:\/\/\S+\/my-tickets#[\w-]+/.exec(colleagueTicket)?.[0] ?? '';
  expect(holderLink, colleagueTicket).not.toBe('');
  await page.goto(holderLink);
  const answers = page.getByRole('form', { name: 'Your answers' });
  await expect(page.getByText(/questions? (is|are) still open/)).toBeVisible();
  await answers
    .getByRole('radiogroup', { name: /^Dietary needs/ })
    .getByRole('radio', { name: 'Vegan' })
    .check();
  await answers.getByRole('button', { name: 'Save answers' }).click();
  await expect(toast(page)).toContainText('Answers saved');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your answers' }).getByRole('radio', { name: 'Vegan' })).toBeChecked();

  // Two VIP holders; one is admitted at the door.
  await buyAnswering(page, 'vip', 'Vera Inside', vipIn, 'Gluten-free');
  await buyAnswering(page, 'vip', 'Otto Outside', vipOut, 'No preference');
  const vipReceipt = await emailTo(vipIn, 'VIP', dataDir);
  const vipLink = /https?:\/\/\S+\/my-tickets#[0-9a-f]+/.exec(vipReceipt)?.[0] ?? '';
  await page.goto(vipLink);
  const code =
    (await page
      .getByText(/^TK-[0-9A-Z-]+$/)
      .first()
      .textContent()) ?? '';
  expect(code).toMatch(/^TK-/);
  await signIn(page);
  await page.goto('/admin/check-in');
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(page.getByRole('region', { name: 'Check-in result' })).toContainText('Vera Inside');

  // The dashboard's totals count the answers.
  await page.goto('/admin');
  const totals = page.getByRole('region', { name: 'Attendee answers' });
  const dietTotals = totals.getByRole('article', { name: /^Dietary needs/ });
  await expect(dietTotals).toContainText(/Vegetarian\D*[1-9]/);
  await expect(dietTotals).toContainText(/Vegan\D*[1-9]/);
  await expect(dietTotals).toContainText(/Gluten-free\D*[1-9]/);

  // A message to the checked-in VIP holders: previewed, tested, then sent to Vera alone.
  await page.goto('/admin/messages');
  const composer = page.getByRole('form', { name: 'New message' });
  await composer.getByLabel('Segment').selectOption({ label: 'Ticket holders' });
  await composer.getByRole('checkbox', { name: /^VIP/ }).check();
  await composer.getByRole('radio', { name: 'Checked in', exact: true }).check();
  const subject = `Your VIP lounge tonight ${Date.now()}`;
  await composer.getByLabel('Subject').fill(subject);
  await composer.getByLabel('Message').fill('The **VIP lounge** opens at 18:00 on the roof.');
  await composer.getByRole('button', { name: 'Preview' }).click();
  const preview = composer.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('1 recipient');
  await expect(preview).toContainText(subject);
  await expect(
    preview.frameLocator('iframe[title="Email preview"]').getByText('VIP lounge', { exact: true }),
  ).toHaveJSProperty('tagName', 'STRONG');

  await composer.getByRole('button', { name: 'Send a test to me' }).click();
  expect(await emailTo(OWNER_EMAIL, subject, dataDir)).toContain('VIP lounge');

  await composer.getByRole('button', { name: 'Send now' }).click();
  expect(await emailTo(vipIn, subject, dataDir)).toContain('opens at 18:00 on the roof');
  const list = page.getByRole('table');
  await expect(list.getByRole('row').filter({ hasText: subject }).first()).toBeVisible();
  // Exactly one each: Vera once, Otto (not checked in) and the team never.
  expect(emailsTo(vipIn, subject)).toHaveLength(1);
  expect(emailsTo(vipOut, subject)).toHaveLength(0);
  expect(emailsTo(lead, subject)).toHaveLength(0);
});
