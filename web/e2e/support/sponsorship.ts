import { expect, type Page } from '@playwright/test';
import { sandboxCardForm, toast } from './payment';

/** Fills the sponsor form (the tier already chosen) and gets through to the card form. */
export async function reachCardForm(page: Page, email: string, company = 'Acme Corp') {
  const form = page.getByRole('form', { name: 'Sponsorship details' });
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Contact name').fill('Ana Diaz');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone').fill('+1 305 555 0100');
  await form.getByLabel('Company website').fill('https://acme.example');
  const billing = form.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('Address').fill('500 Brickell Avenue');
  await billing.getByLabel('City').fill('Miami');
  await expect(billing.getByLabel('Country')).toHaveValue('US');
  await form.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Sponsorship Payment' })).toBeVisible();
  await expect(toast(page)).toContainText('Ready for Payment');
  return sandboxCardForm(page);
}
