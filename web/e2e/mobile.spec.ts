import { expect, test } from '@playwright/test';

test('the mobile menu opens, and closes when a link is chosen', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  const menuLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Venue' });
  await expect(menuLink).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

  await menuLink.click();

  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(menuLink).toBeHidden();
  await expect(page).toHaveURL(/#venue$/);
  await expect(page.locator('#venue')).toBeInViewport();
});
