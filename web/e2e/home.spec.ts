import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('shows the event, the countdown and every section', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toContainText('CodeWave Miami 2026');
    await expect(page.getByText('Conference Starts In:')).toBeVisible();
    for (const id of ['about', 'venue', 'tickets', 'merchandise', 'register']) {
      await expect(page.locator(`#${id}`)).toBeAttached();
    }
    await expect(page.getByRole('heading', { name: 'Secure Your Tickets Early' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Join the Waitlist' })).toBeVisible();
    await expect(
      page.getByText('Sign up to receive exclusive updates, free tickets and hotel stay, and more.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /maps/i }).first()).toHaveAttribute('href', /google\.com\/maps/);
  });

  test('lists the three tickets with their prices and checkout links', async ({ page }) => {
    await page.goto('/#tickets');

    const tickets = page.locator('#tickets');
    await expect(tickets.getByRole('link', { name: /Pre-Purchase Now/ })).toHaveCount(3);
    await expect(tickets.getByText('$799.00')).toBeVisible();
    await expect(tickets.getByText('$1,299.00')).toBeVisible();
    await expect(tickets.getByText('$999.00')).toBeVisible();
    await expect(tickets.getByText('Most Popular')).toHaveCount(1);
    await expect(tickets.getByRole('link', { name: /Pre-Purchase Now/ }).first()).toHaveAttribute(
      'href',
      '/checkout/developer',
    );
    await expect(tickets.getByRole('link', { name: 'View full pricing details and policies' })).toHaveAttribute(
      'href',
      '/pricing-details',
    );
  });

  test('filters merchandise by tab and shows the special prices', async ({ page }) => {
    await page.goto('/#merchandise');
    const merchandise = page.locator('#merchandise');
    await expect(merchandise.getByText('Conference T-Shirt')).toBeVisible();

    await merchandise.getByRole('tab', { name: 'Hats' }).click();

    await expect(merchandise.getByText('Conference Cap')).toBeVisible();
    await expect(merchandise.getByText('Beach Bucket Hat')).toBeVisible();
    await expect(merchandise.getByText('Conference T-Shirt')).toBeHidden();
    await expect(merchandise.getByText('$1.00')).toBeVisible();
    await expect(merchandise.getByRole('link', { name: /View Special Pricing/ })).toHaveAttribute(
      'href',
      '/merchandise/purchase.html?type=cap',
    );
    await expect(merchandise.getByRole('link', { name: /Purchase Now/ })).toHaveAttribute(
      'href',
      '/merchandise-checkout/4',
    );

    await merchandise.getByRole('tab', { name: 'T-Shirts' }).click();
    await expect(merchandise.getByText('Hackathon Tee')).toBeVisible();
    await expect(merchandise.getByText('Conference Cap')).toBeHidden();
  });

  test('the navigation bar changes once the page scrolls past 20 px', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header').first();
    const atTop = await header.getAttribute('class');

    await page.evaluate(() => window.scrollTo(0, 400));

    await expect(header).not.toHaveAttribute('class', atTop ?? '');
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#tickets').getByRole('link', { name: /Pre-Purchase Now/ })).toHaveCount(3);

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
