import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buyTicket, signIn } from './support/admin';
import { emailTo } from './support/mail';
import { root, startServer } from './support/server';

/** A TOML offset date-time in UTC, whole seconds. */
const toml = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;

/**
 * The shipped event moved to have begun yesterday and to end at `endsAt`: a check-in now falls on one of its days,
 * and a certificate can be asked for once it is over.
 */
function editionEndingAt(endsAt: Date): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'conference-e2e-badges-'));
  const file = path.join(folder, 'conference.toml');
  const shipped = readFileSync(path.join(root, 'conference.toml'), 'utf8');
  writeFileSync(
    file,
    shipped
      .replace(/^starts_at = .+$/m, `starts_at = ${toml(new Date(Date.now() - 86_400_000))}`)
      .replace(/^ends_at = .+$/m, `ends_at = ${toml(endsAt)}`)
      // The sample programme is named relative to the event file, which is written elsewhere.
      .replace(/^sample = "(.+)"$/m, (_, sample: string) => `sample = ${JSON.stringify(path.join(root, sample))}`),
  );
  return file;
}

test('the door prints an admitted attendee’s badge; once the event is over she downloads a certificate of attendance', async ({
  browser,
}) => {
  // The event ends 45 s after the server starts; the test waits for it.
  test.setTimeout(150_000);
  const endsAt = new Date(Math.ceil((Date.now() + 45_000) / 1000) * 1000);
  const server = await startServer(editionEndingAt(endsAt), {
    ADMIN_PASSWORD_HASH: process.env.E2E_ADMIN_PASSWORD_HASH ?? '',
  });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    const email = 'bea.badge@example.com';
    await buyTicket(page.request, 'Bea Badge', email);
    const receipt = await emailTo(email, 'Developer Pass', server.dataDir);
    const manageLink = /https?:\/\/\S+\/my-tickets#[0-9a-f]+/.exec(receipt)?.[0] ?? '';
    expect(manageLink, receipt).not.toBe('');
    await page.goto(manageLink);
    const code =
      (await page
        .getByText(/^TK-[0-9A-Z-]+$/)
        .first()
        .textContent()) ?? '';
    expect(code).toMatch(/^TK-/);

    // At the door, the scan admits her and offers her badge, printed from the server's PDF.
    await signIn(page);
    await page.goto('/admin/check-in');
    await page.getByRole('textbox', { name: 'Ticket code' }).fill(code);
    await page.getByRole('button', { name: 'Check in' }).click();
    const result = page.getByRole('region', { name: 'Check-in result' });
    await expect(result).toContainText('Bea Badge');
    const [badge] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/admin/badges.pdf?ticket=')),
      result.getByRole('button', { name: 'Print badge' }).click(),
    ]);
    expect(badge.status()).toBe(200);
    expect(badge.headers()['content-type']).toBe('application/pdf');
    // The page handed the bytes to the print dialog; the same address, fetched again with the session, is the badge.
    const again = await page.request.get(badge.url());
    expect((await again.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // While the event runs there is no certificate to offer; once it is over, hers downloads as a PDF.
    await page.goto(manageLink);
    await expect(page.getByRole('heading', { name: 'Your tickets' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Download certificate of attendance/ })).toHaveCount(0);
    await page.waitForTimeout(Math.max(0, endsAt.getTime() - Date.now() + 1_000));
    await page.reload();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download certificate of attendance/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`certificate-${code}.pdf`);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  } finally {
    await context.close();
    await server.stop();
  }
});
