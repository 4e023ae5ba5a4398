import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The e2e server's back-office password (playwright.config.ts hashes it with `conference admin hash-password`). */
export const ADMIN_PASSWORD = 'e2e back office password';

/**
 * The owner's email. Her first sign-in with the back-office password makes her account
 * ("Olivia Organizer"), with which every later sign-in of the shared e2e server is made.
 */
export const OWNER_EMAIL = 'olivia.organizer@codewave.example.com';

/** Signs in to the back office as the owner, landing on the dashboard. */
export async function signIn(page: Page) {
  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(OWNER_EMAIL);
  await form.getByLabel('Password').fill(ADMIN_PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * Signs in to the back office through its API as an organizer's browser would (the session cookie
 * stays in `request`); answers the headers its changes need: the back office refuses them without
 * this site's `Origin`.
 */
export async function adminSession(request: APIRequestContext, baseURL: string): Promise<{ Origin: string }> {
  const headers = { Origin: baseURL };
  const session = await request.post('/api/admin/session', {
    headers,
    data: { email: OWNER_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(session.ok(), await session.text()).toBe(true);
  return headers;
}

/** A paid developer ticket bought through the API as the browser app buys one; answers its order reference. */
export async function buyTicket(request: APIRequestContext, name: string, email: string): Promise<string> {
  const created = await request.post('/api/create-payment-intent', {
    data: { ticketType: 'developer', amount: 79900, name, email, quantity: 1 },
  });
  expect(created.ok()).toBe(true);
  const { clientSecret, paymentIntentId } = (await created.json()) as { clientSecret: string; paymentIntentId: string };
  const paid = await request.post('/api/sandbox/confirm', {
    data: { clientSecret, cardNumber: '4242424242424242', expMonth: '12', expYear: '34', cvc: '123' },
  });
  expect(paid.ok()).toBe(true);
  const confirmed = await request.post('/api/confirm-purchase', { data: { paymentIntentId, clientSecret } });
  expect(confirmed.ok()).toBe(true);
  return ((await confirmed.json()) as { reference: string }).reference;
}
