import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import path from 'node:path';
import { ADMIN_PASSWORD, buyTicket, OWNER_EMAIL } from './support/admin';
import { root, startServer } from './support/server';

const token = 'e2e-door-offline-admin-token-0123456789';
const doorEmail = 'dora.door@crew.example.com';
const doorPassword = 'a long door password';

/** The printed code of the ticket of the order `reference`, as the back office shows it. */
async function ticketCode(admin: APIRequestContext, reference: string): Promise<string> {
  const orders = (await (await admin.get(`/api/admin/orders?q=${reference}`)).json()) as { items: { id: string }[] };
  const order = (await (await admin.get(`/api/admin/orders/${orders.items[0].id}`)).json()) as {
    tickets: { code: string }[];
  };
  return order.tickets[0].code;
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a door volunteer checks tickets in offline; they are admitted once when the network returns', async ({
  page,
  context,
  browser,
}) => {
  // Its own server: the crew accounts made here would change how every other test signs in.
  test.setTimeout(120_000);
  const server = await startServer(path.join(root, 'conference.toml'), {
    ADMIN_TOKEN: token,
    ADMIN_PASSWORD_HASH: process.env.E2E_ADMIN_PASSWORD_HASH ?? '',
  });
  const admin = await playwrightRequest.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  try {
    const references = [
      await buyTicket(admin, 'Ada Offline', 'ada.offline@example.com'),
      await buyTicket(admin, 'Bo Offline', 'bo.offline@example.com'),
      await buyTicket(admin, 'Cy Offline', 'cy.offline@example.com'),
    ];
    const codes = await Promise.all(references.map((reference) => ticketCode(admin, reference)));
    const invited = await admin.post('/api/admin/staff', {
      data: { email: doorEmail, name: 'Dora Door', role: 'door' },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const { invitationUrl } = (await invited.json()) as { invitationUrl: string };

    // The invitation sets her password once; then she signs in on her phone.
    await page.goto(invitationUrl);
    await page.getByLabel('New password').fill(doorPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Your password is set')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(doorEmail);
    await form.getByLabel('Password').fill(doorPassword);
    await form.getByRole('button', { name: 'Sign in' }).click();

    // The door lands on check-in with the list downloaded.
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
    const counts = page.getByRole('region', { name: 'At the door' });
    await expect(counts).toContainText('0 of 3 checked in');
    await expect(
      page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }),
    ).toHaveCount(0);

    await context.setOffline(true);
    const status = page.getByRole('region', { name: 'Connection' }).locator('p').first();
    await expect(status).toContainText('Offline: 0 scans waiting');
    const typed = page.getByRole('textbox', { name: 'Ticket code' });
    const result = page.getByRole('region', { name: 'Check-in result' });
    for (const [index, code] of codes.entries()) {
      await typed.fill(code);
      await page.getByRole('button', { name: 'Check in' }).click();
      await expect(result).toContainText('Valid');
      await expect(result).toContainText(['Ada Offline', 'Bo Offline', 'Cy Offline'][index]);
    }
    await typed.fill(codes[0].toLowerCase());
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Already checked in');
    await expect(status).toContainText('Offline: 3 scans waiting');
    await expect(counts).toContainText('3 of 3 checked in');

    await context.setOffline(false);
    await expect(status).toHaveText('Online');
    await expect(page.getByText('3 offline scans sent.')).toBeVisible();

    // The organizer's dashboard, in her own browser: each of the three admitted once, nothing duplicated.
    const owner = await browser.newPage();
    await owner.goto(`${server.url}/admin`);
    const ownerForm = owner.getByRole('form', { name: 'Sign in' });
    await ownerForm.getByLabel('Email').fill(OWNER_EMAIL);
    await ownerForm.getByLabel('Password').fill(ADMIN_PASSWORD);
    await ownerForm.getByRole('button', { name: 'Sign in' }).click();
    const door = owner.getByRole('region', { name: 'At the door' });
    await expect(door.getByRole('definition').filter({ hasText: 'of 3 in' })).toHaveText('3 of 3 in');
    await expect(owner.getByText('Duplicate scans', { exact: false })).toHaveCount(0);
    await owner.close();

    // The refund button never shows for the door, even at an order's own address.
    const orders = (await (await admin.get(`/api/admin/orders?q=${references[0]}`)).json()) as {
      items: { id: string }[];
    };
    await page.goto(`${server.url}/admin/orders/${orders.items[0].id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not for your role' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
  } finally {
    await admin.dispose();
    await server.stop();
  }
});
