import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signIn } from './support/admin';
import { emailTo } from './support/mail';
import { uniqueEmail } from './support/orders';
import { allViolations, answerRequiredQuestions, payWithTestCard, sandboxCardForm } from './support/payment';

/** A downloaded file's bytes, checked to be a PDF of some substance. */
async function pdfOf(download: Download): Promise<Buffer> {
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5_000);
  return bytes;
}

/** Clicks the button or link `name` and answers the file the browser saved. */
async function downloadBy(page: Page, role: 'button' | 'link', name: string): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByRole(role, { name }).click();
  return download;
}

test('a Team Pass bought for a company: its invoice from the receipt’s link and from the back office', async ({
  page,
}) => {
  // The receipt goes through the outbox worker, which looks for work every 2 seconds.
  test.setTimeout(60_000);
  const buyer = uniqueEmail('accounts');
  const company = `Acme Widgets ${Date.now()}`;

  // Four Team Passes, with the company's billing details.
  await page.goto('/checkout/team');
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Name', { exact: true }).fill('Tara Lead');
  await details.getByLabel('Email', { exact: true }).fill(buyer);
  await details.getByRole('button', { name: 'Buying for a company? Add billing details' }).click();
  const billing = details.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('Company name').fill(company);
  await billing.getByLabel('Address').fill('500 Brickell Avenue\nSuite 1200');
  await billing.getByLabel('City').fill('Miami');
  await billing.getByLabel('State / region').fill('FL');
  await billing.getByLabel('Postal code').fill('33131');
  await expect(billing.getByLabel('Country')).toHaveValue('US');
  await billing.getByLabel('Tax / VAT ID').fill('US-12-3456789');
  expect(await allViolations(page), 'the details form with billing details').toEqual([]);
  await answerRequiredQuestions(details);
  await details.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payWithTestCard(await sandboxCardForm(page), '4242 4242 4242 4242', 'Complete Purchase');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

  // The receipt's link shows the order's invoice, which downloads as a PDF.
  const receipt = await emailTo(buyer, 'Team Pass');
  const manageLink = /https?:\/\/\S+\/my-tickets#[0-9a-f]+/.exec(receipt)?.[0];
  expect(manageLink, receipt).toBeDefined();
  await page.goto(manageLink ?? '');
  const invoices = page.getByRole('region', { name: 'Invoices' });
  const invoiceLine = invoices.getByText(/^Invoice CW2026-\d{5} · \$2,796\.00 ·/);
  await expect(invoiceLine).toBeVisible();
  const number = /CW2026-\d{5}/.exec((await invoiceLine.textContent()) ?? '')?.[0] ?? '';
  const fromTheLink = await downloadBy(page, 'button', `Download invoice ${number}`);
  expect(fromTheLink.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  await pdfOf(fromTheLink);
  expect(await allViolations(page), 'the tickets page with its invoices').toEqual([]);

  // The buyer corrects the company's name once: a credit note and a new invoice.
  await invoices.getByRole('button', { name: 'Correct billing details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct billing details' });
  await expect(dialog.getByLabel('Company name')).toHaveValue(company);
  await dialog.getByLabel('Company name').fill(`${company} LLC`);
  await dialog.getByRole('button', { name: 'Issue corrected invoice' }).click();
  await expect(dialog).toBeHidden();
  await expect(invoices.getByText(/^Credit note CW2026-\d{5} · -\$2,796\.00 ·/)).toBeVisible();
  await expect(invoices.getByRole('button', { name: /^Download invoice / })).toHaveCount(2);
  await expect(invoices.getByRole('button', { name: 'Correct billing details' })).toHaveCount(0);
  await expect(invoices).toContainText('Billing details were corrected on');

  // The organizer finds the documents on the Invoices screen and the order's page.
  await signIn(page);
  await page.getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Invoices' });
  const row = ledger.getByRole('row').filter({ has: page.getByRole('rowheader', { name: number, exact: true }) });
  await expect(row).toContainText(company);
  await expect(row).toContainText('US-12-3456789');
  expect(await allViolations(page), 'the Invoices screen').toEqual([]);
  await row.getByRole('link', { name: /^CW-/ }).click();

  const orderInvoices = page.getByRole('table', { name: 'Invoices and credit notes' });
  await expect(orderInvoices.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Billing details' })).toContainText(`${company} LLC`);
  const fromTheBackOffice = await downloadBy(page, 'link', `Download invoice ${number}`);
  expect(fromTheBackOffice.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  await pdfOf(fromTheBackOffice);
});
