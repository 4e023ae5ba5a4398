import { expect, test, type Page } from '@playwright/test';
import { ordersFor, uniqueEmail } from './support/orders';
import { CARD_FRAME_HTML, STRIPE_JS, STRIPE_STUB_URL } from './support/stripe-stub';
import { answerRequiredQuestions } from './support/payment';

// The server of this project runs the Stripe gateway against a stand-in for Stripe's API. The page
// loads "Stripe.js" from https://js.stripe.com, frames its card form from there and calls
// https://api.stripe.com, all answered by Playwright routes: the browser enforces the page's
// Content-Security-Policy on those origins exactly as it would against Stripe.

/** Answers Stripe's origins from the stand-in; records what the policy refused. */
async function routeStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => {
    const isFrame = new URL(route.request().url()).pathname.endsWith('.html');
    return route.fulfill(
      isFrame
        ? { contentType: 'text/html', body: CARD_FRAME_HTML }
        : { contentType: 'application/javascript', body: STRIPE_JS },
    );
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const { pathname, search } = new URL(route.request().url());
    const response = await route.fetch({ url: `${STRIPE_STUB_URL}${pathname}${search}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test('Stripe.js loads, frames its card form and pays under the Content-Security-Policy', async ({ page }) => {
  const refused = await routeStripe(page);
  const email = uniqueEmail('stripe');

  const response = await page.goto('/checkout/developer');
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
  // The one inline script allowed is the programme's visitor clock, by its hash.
  expect(scriptSources?.trim()).toMatch(
    /^script-src 'self' 'sha256-[A-Za-z0-9+/]{43}=' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com$/,
  );
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Name', { exact: true }).fill('Ana Diaz');
  await details.getByLabel('Email', { exact: true }).fill(email);
  await answerRequiredQuestions(details);
  await details.getByRole('button', { name: 'Proceed to Payment' }).click();

  const card = page.getByRole('form', { name: 'Card details' });
  await expect(
    card.frameLocator('iframe[title="Secure payment input frame"]').getByText('typed here, inside Stripe'),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Complete Purchase' }).click();

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const [order] = ordersFor(email, process.env.E2E_STRIPE_DATA_DIR);
  expect(order).toMatchObject({ status: 'paid', gateway: 'stripe', amount: 79900 });
  await expect(page.getByText(order.reference)).toBeVisible();
  expect(refused).toEqual([]);

  // The policy is in force: a script from any other origin is refused.
  const blocked = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.blockedURI), { once: true });
        const script = document.createElement('script');
        script.src = 'https://cdn.example.net/tracker.js';
        document.head.append(script);
      }),
  );
  expect(blocked).toBe('https://cdn.example.net/tracker.js');
});
