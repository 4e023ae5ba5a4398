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

test('the mobile menu takes focus, gives it back on Escape, and closes on Back', async ({ page }) => {
  await page.goto('/sponsorship');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CodeWave' }).click();
  await expect(page).toHaveURL(/\/$/);

  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link').first()).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/sponsorship$/);
  await expect(menu).toBeHidden();
});

test('the landing page does not shift as it comes to life on a phone', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
});
