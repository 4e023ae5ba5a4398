import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { buyTicket } from './support/admin';
import { emailTo } from './support/mail';
import { uniqueEmail } from './support/orders';
import { unzip } from './support/zip';

// Runs against the upcoming edition's server, which playwright.config.ts gives both wallets' settings from the
// test credentials in e2e/fixtures/wallet.
const dataDir = process.env.E2E_UPCOMING_DATA_DIR;

/** A ticket code without its prefix and dashes, as the server stores and signs it. */
const bare = (code: string) => code.replace(/^TK-/, '').replaceAll('-', '');

test('a holder adds their ticket to Apple Wallet and saves it to Google Wallet', async ({ page }) => {
  const email = uniqueEmail('wallet');
  await buyTicket(page.request, 'Wendy Wallet', email);
  const receipt = await emailTo(email, 'Developer Pass', dataDir);
  expect(receipt).toContain('Add to Apple Wallet');
  const manageLink = /https?:\/\/\S+\/my-tickets#[0-9a-f]+/.exec(receipt)?.[0] ?? '';
  expect(manageLink, receipt).not.toBe('');
  await page.goto(manageLink);
  const code =
    (await page
      .getByText(/^TK-[0-9A-Z-]+$/)
      .first()
      .textContent()) ?? '';
  expect(code).toMatch(/^TK-/);

  // The pass downloads as a signed .pkpass whose manifest hashes every file and whose pass carries the code.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Add to Apple Wallet/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${code}.pkpass`);
  const files = unzip(readFileSync(await download.path()));
  expect([...files.keys()]).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature']));
  const manifest = JSON.parse(files.get('manifest.json')?.toString() ?? '{}') as Record<string, string>;
  for (const [name, bytes] of files) {
    if (name === 'manifest.json' || name === 'signature') continue;
    expect(manifest[name], name).toBe(createHash('sha1').update(bytes).digest('hex'));
  }
  const pass = JSON.parse(files.get('pass.json')?.toString() ?? '{}') as {
    barcodes: { message: string }[];
    relevantDate: string;
  };
  expect(bare(pass.barcodes[0].message)).toBe(bare(code));
  expect(Date.parse(pass.relevantDate)).toBeGreaterThan(Date.now());

  // "Save to Google Wallet" goes to Google's save page with a JWT that carries the ticket (Google is not called
  // here: the machine's network is closed, so the page is answered in the test).
  await page.route('https://pay.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Google Wallet</title>' }),
  );
  await page.getByRole('button', { name: /^Save to Google Wallet/ }).click();
  await page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  const jwt = new URL(page.url()).pathname.split('/').pop() ?? '';
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as {
    typ: string;
    payload: { eventTicketObjects: { barcode: { value: string } }[] };
  };
  expect(claims.typ).toBe('savetowallet');
  expect(bare(claims.payload.eventTicketObjects[0].barcode.value)).toBe(bare(code));
});
