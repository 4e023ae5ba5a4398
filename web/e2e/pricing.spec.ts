import { expect, test, type Locator, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCode, uniqueCode } from './support/codes';
import { ordersFor, uniqueEmail } from './support/orders';
import { answerRequiredQuestions, payWithTestCard, sandboxCardForm } from './support/payment';
import { root, startServer } from './support/server';

// Pricing against the real server: codes made in the back office and used at checkout (the
// sandbox server of playwright.config.ts, the shipped event), and a price phase ending while a
// server of this test's own runs.

/** A 20% code for the Developer Pass, made through the back office's API. */
async function developerCode(page: Page, baseURL: string | undefined): Promise<string> {
  const code = uniqueCode('E2E20-');
  await createCode(page.request, baseURL ?? '', {
    code,
    appliesTo: ['ticket:developer'],
    percentOff: 20,
    maxUses: 5,
  });
  return code;
}

/** The summary's total (the definition after the term "Total"). */
function totalIn(summary: Locator): Locator {
  return summary
    .getByRole('term')
    .filter({ hasText: /^Total$/ })
    .locator('xpath=following-sibling::dd[1]');
}

/** Opens a checkout and waits for its first quote, which the page asks for once it has come to life. */
async function openCheckout(page: Page, address: string) {
  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/quote'));
  await page.goto(address);
  expect((await quoted).ok()).toBe(true);
  return page.getByRole('form', { name: 'Your details' });
}

/** Pays the details step's order with the sandbox test card and expects the success view. */
async function payAndSucceed(page: Page, details: Locator) {
  await answerRequiredQuestions(details);
  await details.getByRole('button', { name: 'Proceed to Payment' }).click();
  await payWithTestCard(await sandboxCardForm(page), '4242 4242 4242 4242', 'Complete Purchase');
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

test.describe('codes at checkout', () => {
  test('a Developer Pass bought with a 20% code typed at checkout', async ({ page, baseURL }) => {
    const code = await developerCode(page, baseURL);
    const email = uniqueEmail('code.typed');

    const details = await openCheckout(page, '/checkout/developer');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(totalIn(summary)).toHaveText('$799.00');
    await details.getByLabel('Name', { exact: true }).fill('Ana Diaz');
    await details.getByLabel('Email', { exact: true }).fill(email);
    await details.getByRole('button', { name: 'Have a code?' }).click();
    await details.getByLabel('Code', { exact: true }).fill(code);

    await expect(summary).toContainText(`Code ${code}: 20% off`);
    await expect(summary).toContainText('−$159.80');
    await expect(totalIn(summary)).toHaveText('$639.20');
    await expect(details).toContainText('$639.20');

    await payAndSucceed(page, details);
    await expect(page.getByText('$639.20')).toBeVisible();
    expect(ordersFor(email)).toMatchObject([{ status: 'paid', itemName: 'Developer Pass', amount: 63920 }]);
  });

  test('a Developer Pass bought with a 20% code from a ?code= link', async ({ page, baseURL }) => {
    const code = await developerCode(page, baseURL);
    const email = uniqueEmail('code.link');

    const details = await openCheckout(page, `/checkout/developer?code=${encodeURIComponent(code)}`);
    await expect(details.getByLabel('Code', { exact: true })).toHaveValue(code);
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText(`Code ${code}: 20% off`);
    await expect(summary).toContainText('−$159.80');
    await expect(totalIn(summary)).toHaveText('$639.20');
    await details.getByLabel('Name', { exact: true }).fill('Ben Ortiz');
    await details.getByLabel('Email', { exact: true }).fill(email);

    await payAndSucceed(page, details);
    expect(ordersFor(email)).toMatchObject([{ status: 'paid', amount: 63920 }]);
  });

  test('a code that does not exist is refused next to the field, and nothing is ordered', async ({ page }) => {
    const email = uniqueEmail('code.wrong');
    const details = await openCheckout(page, '/checkout/developer');
    await details.getByLabel('Name', { exact: true }).fill('Cy Ng');
    await details.getByLabel('Email', { exact: true }).fill(email);
    await details.getByRole('button', { name: 'Have a code?' }).click();
    const field = details.getByLabel('Code', { exact: true });
    await field.fill(uniqueCode('NOPE-'));

    await expect(field).toHaveAccessibleDescription('This code is not valid. Please check it and try again.');
    await answerRequiredQuestions(details);
    await details.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('form', { name: 'Card details' })).toBeHidden();
    expect(ordersFor(email)).toEqual([]);
  });
});

/**
 * examples/codewave-2027.toml with the Developer Pass's early bird ending at `boundary`
 * (the other passes keep theirs), written to a temporary file.
 */
function editionWithEarlyBirdEndingAt(boundary: Date): string {
  const edition = readFileSync(path.join(root, 'examples/codewave-2027.toml'), 'utf8');
  const developer = edition.indexOf('type = "developer"');
  const until = 'until = 2026-12-31T23:59:59-05:00';
  const at = edition.indexOf(until, developer);
  expect(developer).toBeGreaterThan(-1);
  expect(at).toBeGreaterThan(developer);
  // a TOML offset date-time in UTC, whole seconds: 2026-11-24T12:00:20Z
  const instant = `${boundary.toISOString().slice(0, 19)}Z`;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'conference-e2e-phases-')), 'conference.toml');
  writeFileSync(file, `${edition.slice(0, at)}until = ${instant}${edition.slice(at + until.length)}`);
  return file;
}

test('after a phase boundary the home page shows the new price without a restart', async ({ page }) => {
  // the server starts (up to a minute), then the boundary is up to 40 s away
  test.setTimeout(120_000);
  const boundary = new Date(Math.ceil((Date.now() + 20_000) / 1000) * 1000);
  const server = await startServer(editionWithEarlyBirdEndingAt(boundary));
  try {
    const developerPrice = async () => {
      const tickets = (await (await page.request.get(`${server.url}/api/tickets`)).json()) as {
        type: string;
        price: number;
      }[];
      return tickets.find((ticket) => ticket.type === 'developer')?.price;
    };
    expect(await developerPrice()).toBe(79900);

    await page.goto(`${server.url}/`);
    const developer = page
      .locator('#tickets li')
      .filter({ has: page.getByRole('heading', { name: 'Developer Pass', exact: true }) });
    await expect(developer.getByText('$799.00', { exact: true })).toBeVisible();
    await expect(developer).toContainText('Early bird');

    // the server's own clock passes the boundary: ask until its list says so
    await expect.poll(developerPrice, { timeout: 40_000, intervals: [500] }).toBe(99900);
    await page.reload();

    await expect(developer.getByText('$999.00', { exact: true })).toBeVisible();
    await expect(developer).toContainText('Regular');
    await expect(developer).not.toContainText('Early bird');
    await expect(developer.getByText('$799.00', { exact: true })).toHaveCount(0);
    // the same process served both prices
    expect(server.process.exitCode).toBeNull();
    expect(server.process.signalCode).toBeNull();
  } finally {
    await server.stop();
  }
});
