import { expect, test } from '@playwright/test';
import { buyTicket, signIn } from './support/admin';
import { uniqueEmail } from './support/orders';
import { allViolations } from './support/payment';

test.describe('back office', () => {
  test('finds a sandbox purchase, refunds it, and shows the refund and its email', async ({ page, request }) => {
    const email = uniqueEmail('refund');
    const reference = await buyTicket(request, 'Rita Refund', email);
    await signIn(page);

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('searchbox', { name: 'Name, email, reference or pickup code' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('table', { name: 'Orders matching the search' });
    await expect(results.getByRole('row')).toHaveCount(2);
    await results.getByRole('link', { name: reference }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
    await page.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order ${reference}` });
    // the event's refund period is over: only an amount with a reason can be refunded
    await expect(dialog).toContainText('No refund: the ticket refund period ended on April 18, 2026.');
    await dialog.getByRole('button', { name: 'Cancel order and refund' }).click();
    await expect(dialog.getByText('Enter an amount in dollars, such as 25.00.')).toBeVisible();
    await dialog.getByLabel('Amount in US dollars').fill('799.00');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Cannot travel: visa refused');
    await dialog.getByRole('button', { name: 'Cancel order and refund $799.00' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('status')).toContainText('Refunded');
    await expect(page.getByRole('heading', { name: 'Ticket order' }).locator('..')).toContainText('Refunded');
    const history = page.getByRole('list').filter({ hasText: 'Order placed' });
    await expect(history).toContainText('Refunded $799.00 (override): Cannot travel: visa refused');
    await expect(history).toContainText('Olivia Organizer');

    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Emails' }).click();
    const emails = page.getByRole('table', { name: 'Emails' });
    await expect(
      emails.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Refund confirmation' }),
    ).toHaveCount(1);
  });

  test('notes and a resent confirmation go into the order history', async ({ page, request }) => {
    const email = uniqueEmail('note');
    const reference = await buyTicket(request, 'Noah Note', email);
    await signIn(page);
    await page.goto(`/admin/orders?q=${encodeURIComponent(reference)}`);
    await page.getByRole('link', { name: reference }).click();

    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    await page.getByRole('textbox', { name: 'Add a note' }).fill('Asked for a vegetarian lunch');
    await page.getByRole('button', { name: 'Add note' }).click();

    const history = page.getByRole('list').filter({ hasText: 'Order placed' });
    await expect(history).toContainText('Note: Asked for a vegetarian lunch');
    await expect(history).toContainText('Confirmation email sent again');
    await expect(history).toContainText('Olivia Organizer');
  });

  test('a wrong password is refused next to the field', async ({ page }) => {
    await page.goto('/admin');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('mallory@example.com');
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();

    await expect(form.getByText('That email and password do not match.')).toBeVisible();
    await expect(form.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the back office screens have no accessibility violations', async ({ page, request }) => {
    // axe on every back-office screen, after an argon2 sign-in: about 25 s alone, more on a busy machine.
    test.slow();
    const reference = await buyTicket(request, 'Axe Checker', uniqueEmail('axe'));
    await page.goto('/admin');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    expect(await allViolations(page)).toEqual([]);

    await signIn(page);
    for (const [path, heading] of [
      ['/admin', 'Dashboard'],
      ['/admin/orders', 'Orders'],
      ['/admin/emails', 'Emails'],
      ['/admin/waitlist', 'Waitlist'],
      ['/admin/waiting-list', 'Waiting list'],
      ['/admin/sponsorships', 'Sponsorships'],
      ['/admin/exports', 'Exports'],
      ['/admin/check-in', 'Check-in'],
      ['/admin/pickup', 'Merchandise pickup'],
      ['/admin/pick-list', 'Pick list'],
      ['/admin/staff', 'Staff'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      expect(await allViolations(page), path).toEqual([]);
    }

    await page.goto(`/admin/orders?q=${encodeURIComponent(reference)}`);
    await page.getByRole('link', { name: reference }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
    expect(await allViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Refund…' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await allViolations(page)).toEqual([]);
  });
});
