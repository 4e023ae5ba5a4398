import { expect, test } from '@playwright/test';

test.describe('static pages', () => {
  const pages = [
    { path: '/privacy-policy', heading: /Privacy Policy/, texts: ['March 29, 2025'] },
    {
      path: '/terms-of-service',
      heading: /Terms of Service/,
      texts: ['March 29, 2025', 'Florida', 'March 18, 2026', 'April 18, 2026'],
    },
    { path: '/code-of-conduct', heading: /Code of Conduct/, texts: ['Report an Incident'] },
    {
      path: '/pricing-details',
      heading: /Pricing/,
      texts: ['$799', '$999', '$1,199', '$1,299', '$1,599', '$1,899', '$699', '$899', '$1,099', '$29.99', '$24.99'],
    },
    { path: '/sitemap', heading: /Sitemap/, texts: ['sitemap.xml'] },
  ];

  for (const { path, heading, texts } of pages) {
    test(`${path} shows its content`, async ({ page }) => {
      const response = await page.goto(path);

      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const text of texts) {
        await expect(page.getByText(text).first()).toBeVisible();
      }
    });
  }

  test('anchor links from another page go to that section of the home page', async ({ page }) => {
    await page.goto('/privacy-policy');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tickets' }).click();

    await expect(page).toHaveURL(/\/#tickets$/);
    await expect(page.getByRole('heading', { name: 'Secure Your Tickets Early' })).toBeInViewport();
  });

  test('the sponsorship page lists the tiers with purchase links', async ({ page }) => {
    await page.goto('/sponsorship');

    await expect(page.getByRole('heading', { level: 1, name: 'Sponsorship Opportunities' })).toBeVisible();
    await expect(page.getByText('Conference Title').first()).toBeVisible();
    await expect(page.locator('a[href="/sponsor-payment?tier=platinum&price=50000"]')).toBeVisible();
  });
});

test('an unknown path shows the not-found screen with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');

  expect(response?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
