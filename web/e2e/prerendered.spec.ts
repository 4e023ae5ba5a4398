import { expect, test, type Page } from '@playwright/test';

// The public pages arrive complete, before any JavaScript (the release build prerenders them
// from the event file), and come to life in place.

interface Ticket {
  type: string;
  name: string;
  price: number;
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page has the brief’s headings, the ticket prices and the countdown frame', async ({
    page,
    request,
  }) => {
    const tickets: Ticket[] = await (await request.get('/api/tickets')).json();
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'CodeWave Miami 2026' })).toBeVisible();
    for (const name of [
      'Conference Starts In:',
      'About the Conference',
      'Secure Your Tickets Early',
      'Conference Merchandise',
      'Join the Waitlist',
    ]) {
      await expect(page.getByRole('heading', { name, exact: true }).first()).toBeAttached();
    }
    await expect(page.getByRole('link', { name: 'Join the Waitlist' }).first()).toHaveAttribute('href', '/#register');
    const countdown = page.getByRole('region', { name: 'Conference Starts In:' });
    for (const unit of ['Days', 'Hours', 'Minutes', 'Seconds']) await expect(countdown).toContainText(unit);
    const pricing = page.locator('#tickets');
    for (const ticket of tickets) {
      await expect(pricing).toContainText(ticket.name);
      await expect(pricing).toContainText(dollars(ticket.price));
    }
  });

  test('every public page is there, with its own title, description and canonical address', async ({ page }) => {
    const pages: [string, string, RegExp][] = [
      ['/sponsorship', 'Sponsorship Opportunities', /^Sponsorship Opportunities \| CodeWave Miami 2026$/],
      ['/pricing-details', 'Pricing Details', /^Pricing Details \| CodeWave Miami 2026$/],
      ['/privacy-policy', 'Privacy Policy', /^Privacy Policy \| CodeWave Miami 2026$/],
      ['/terms-of-service', 'Terms of Service', /^Terms of Service \| CodeWave Miami 2026$/],
      ['/code-of-conduct', 'Code of Conduct', /^Code of Conduct \| CodeWave Miami 2026$/],
      ['/sitemap', 'Sitemap', /Sitemap/],
      ['/checkout/developer', 'Checkout', /^Developer Pass Checkout \| CodeWave Miami 2026$/],
    ];
    for (const [path, heading, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        /CodeWave Miami 2026.{20,}|.{20,}CodeWave Miami 2026/,
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(path, page.url()).href);
    }
    await expect(page.getByText('$799.00').first()).toBeVisible();

    const missing = await page.goto('/no/such/page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('the special pricing page shows every offer from the event file', async ({ page }) => {
    await page.goto('/merchandise/purchase.html?type=cap');

    await expect(page.getByRole('heading', { level: 2, name: 'Conference T-Shirt' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Conference Cap' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pre-order the Conference Cap' })).toHaveAttribute(
      'href',
      '/merchandise-checkout/3',
    );
  });
});

test('the special pricing page narrows to the offer a link names', async ({ page }) => {
  await page.goto('/merchandise/purchase.html?type=cap');

  await expect(page.getByRole('heading', { level: 1, name: 'Conference Cap Special Price' })).toBeVisible();
  await expect(page).toHaveTitle('Conference Cap Special Price | CodeWave Miami 2026');
  await expect(page.getByRole('heading', { level: 2, name: 'Conference T-Shirt' })).toBeHidden();
  await expect(page.getByText('$1.00').first()).toBeVisible();

  await page.goto('/merchandise/purchase.html?type=mug');
  await expect(page.getByRole('heading', { name: "We couldn't find that offer" })).toBeVisible();
  await expect(page.getByText('There is no special offer called mug.')).toBeVisible();
});

/** Loads a page, noting console errors and layout shifts until it has settled. */
async function loadAndWatch(page: Page, path: string) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const watched = window as unknown as { shifts: number };
    watched.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) watched.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return { errors, shifts: () => page.evaluate(() => (window as unknown as { shifts: number }).shifts) };
}

for (const path of ['/', '/sponsorship', '/checkout/developer', '/sponsor-payment?tier=gold']) {
  test(`${path} comes to life in place: no hydration error, no layout shift`, async ({ page }) => {
    const { errors, shifts } = await loadAndWatch(page, path);

    // it answers: the app has taken over the page the server sent
    if (path === '/checkout/developer') {
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    } else if (path.startsWith('/sponsor-payment')) {
      // the form, hydrated on its own, has the tier from the address and validates
      await expect(page.getByLabel('Sponsorship tier')).toHaveValue('gold');
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await expect(page.getByText('Company name is required')).toBeVisible();
    } else {
      // a link followed by the app, not by a new page load, which would forget this mark
      await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL(/\/#about$/);
      expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
    }
    expect(errors).toEqual([]);
    expect(await shifts()).toBe(0);
  });
}

test.describe('when /api/config fails', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/config', (route) => route.fulfill({ status: 503, body: 'down' }));
  });

  test('the legal pages still read in full', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('CodeWave Miami 2026').first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the hero’s share button still shares', async ({ page }) => {
    // the served button answers once the app has taken over the page: wait for it to load
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Share Event' }).click();
    await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Email' })).toHaveAttribute('href', /^mailto:\?subject=CodeWave/);
  });
});

test('link previews and search engines get the event', async ({ page, request }) => {
  await page.goto('/');
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/\/share-image\.png$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const picture = await request.get(new URL(image ?? '').pathname);
  expect(picture.headers()['content-type']).toBe('image/png');

  const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(structured['@type']).toBe('Event');
  expect(structured.offers.map((offer: { name: string }) => offer.name)).toContain('Developer Pass');

  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.name).toBe('CodeWave Miami 2026');
});

test('built files come precompressed, and hashed ones are cached for good', async ({ page, request }) => {
  await page.goto('/');
  const boot = await page.locator('script[type="module"]').getAttribute('src');
  const response = await request.get(boot ?? '', { headers: { 'accept-encoding': 'br' } });
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['etag']).toBeTruthy();
});
