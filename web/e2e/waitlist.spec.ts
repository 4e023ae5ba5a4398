import { expect, test } from '@playwright/test';

test.describe('waitlist', () => {
  test('validates on submit, then registers and shows the success dialog', async ({ page }) => {
    await page.goto('/#register');
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await form.getByLabel('Full name').fill('Al');
    await expect(page.getByText('Full name must be at least 3 characters.')).toBeHidden();

    await form.getByRole('button', { name: 'Join Waitlist' }).click();

    await expect(page.getByText('Full name must be at least 3 characters.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

    await form.getByLabel('Full name').fill('Ana Diaz');
    await expect(page.getByText('Full name must be at least 3 characters.')).toBeHidden();
    await form.getByLabel('Email').fill(`ana.${Date.now()}@example.com`);
    await form.getByLabel('AI & Machine Learning').check();
    await form.getByRole('button', { name: 'Join Waitlist' }).click();

    const dialog = page.getByRole('dialog', { name: "You're on the Waitlist!" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('May 18-22, 2026');
    await expect(dialog.getByRole('button', { name: /Spread the Word/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    await expect(form.getByLabel('Full name')).toHaveValue('');
  });

  test('a refusal from the server shows the failure toast and keeps the values', async ({ page }) => {
    await page.route('**/api/register-waitlist', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The service is temporarily unavailable. Please try again shortly.' }),
      }),
    );
    await page.goto('/#register');
    const form = page.getByRole('form', { name: 'Join the waitlist' });
    await form.getByLabel('Full name').fill('Ana Diaz');
    await form.getByLabel('Email').fill('ana@example.com');

    await form.getByRole('button', { name: 'Join Waitlist' }).click();

    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('status');
    await expect(toast).toContainText('Registration failed');
    await expect(toast).toContainText('The service is temporarily unavailable. Please try again shortly.');
    await expect(form.getByLabel('Full name')).toHaveValue('Ana Diaz');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
