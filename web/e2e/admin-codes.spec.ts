import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './support/admin';
import { allViolations } from './support/payment';

test.describe('back office codes', () => {
  test('generates five single-use codes for the Developer Pass, lists them and exports them', async ({ page }) => {
    // Unique per run and worker (the e2e database outlives a run); the server's limit is 20 characters.
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
    const prefix = `E2E5-${run}-`;
    await signIn(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Codes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();

    await page.getByRole('button', { name: 'New codes…' }).click();
    const form = page.getByRole('dialog', { name: 'New codes' });
    await form.getByRole('radio', { name: 'Generate' }).check();
    await form.getByRole('textbox', { name: 'How many' }).fill('5');
    await form.getByRole('textbox', { name: 'Prefix' }).fill(prefix);
    await form.getByRole('checkbox', { name: 'Developer Pass' }).check();
    await form.getByRole('textbox', { name: 'Percent off' }).fill('20');
    await form.getByRole('textbox', { name: 'Uses' }).fill('1');
    expect(await allViolations(page), 'the New codes form').toEqual([]);
    await form.getByRole('button', { name: 'Generate 5 codes' }).click();

    const made = page.getByRole('dialog', { name: '5 codes made' });
    await expect(made).toContainText('20% off, one use each.');
    const madeCodes = made.getByRole('list', { name: 'Codes made' }).getByRole('listitem');
    await expect(madeCodes).toHaveCount(5);
    const codes = await madeCodes.allTextContents();
    // four groups of four characters without look-alikes: 64 bits at least
    for (const code of codes)
      expect(code).toMatch(new RegExp(`^${prefix}[2-9A-HJKMNP-TV-Z]{4}(-[2-9A-HJKMNP-TV-Z]{4}){3}$`));
    await made.getByRole('button', { name: 'Done' }).click();
    await expect(made).toBeHidden();

    const rows = page.getByRole('table', { name: 'Codes' }).getByRole('row').filter({ hasText: prefix });
    await expect(rows).toHaveCount(5);
    for (const code of codes) {
      const row = rows.filter({ hasText: code });
      await expect(row).toContainText('20% off');
      await expect(row).toContainText('Developer Pass');
      await expect(row).toContainText('0 / 1');
      await expect(row).toContainText('Active');
    }
    expect(await allViolations(page), 'the Codes screen').toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(lines[0]).toMatch(/^code,applies to,kind,value,max uses,uses,/);
    const exported = lines.filter((line) => line.startsWith(prefix));
    expect(exported.map((line) => line.split(',')[0]).sort()).toEqual([...codes].sort());
    for (const line of exported) {
      expect(line.split(',').slice(1, 6)).toEqual(['ticket:developer', 'percent_off', '20', '1', '0']);
    }
  });
});
