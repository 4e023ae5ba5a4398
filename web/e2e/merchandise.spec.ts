import { expect, test, type Page } from '@playwright/test';
import { ordersFor, uniqueEmail } from './support/orders';
import { horizontalOverflow, payWithTestCard, sandboxCardForm, seriousViolations, toast } from './support/payment';

// The release server runs the sandbox gateway, which sends the buyer to the confirmation
// page with Stripe's query parameters, as Stripe's redirect would.

/** Orders two Hackathon Tees (id 2, $34.99) in M / Coral and gets through to the card form. */
async function reachCardForm(page: Page, email: string) {
  await page.goto('/merchandise-checkout/2');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Hackathon Tee');
  const form = page.getByRole('form', { name: 'Customer information' });

  await form.getByLabel('Full name').fill('Ana Diaz');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Quantity').fill('2');
  await form.getByLabel('Size').selectOption('M');
  await form.getByLabel('Color').selectOption('Coral');
  await expect(page.getByRole('region', { name: 'Order details' })).toContainText('$69.98');
  await form.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  return sandboxCardForm(page);
}

test.describe('merchandise checkout', () => {
  test('buys two Hackathon Tees with the test card and confirms the order for pickup', async ({ page }) => {
    const email = uniqueEmail('merch');
    const card = await reachCardForm(page, email);

    await payWithTestCard(card, '4242 4242 4242 4242', 'Pay $69.98');

    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page).toHaveURL(
      /\/merchandise-confirmation\?payment_intent=pi_[^&]+&payment_intent_client_secret=[^&]+&redirect_status=succeeded$/,
    );
    await expect(toast(page)).toContainText('Purchase Confirmed');
    await expect(page.getByText(email)).toBeVisible();
    await expect(
      page.getByText(/Pick up your order at the conference in South Beach, Miami, May 18-22, 2026/),
    ).toBeVisible();

    const [order] = ordersFor(email);
    expect(order).toMatchObject({ status: 'paid', itemName: 'Hackathon Tee', quantity: 2, amount: 6998 });
    await expect(page.getByText(order.reference)).toBeVisible();
    if (order.pickupCode) await expect(page.getByText(order.pickupCode)).toBeVisible();

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  });

  test('a declined card shows Payment Failed and pays for nothing', async ({ page }) => {
    const email = uniqueEmail('merch.declined');
    const card = await reachCardForm(page, email);

    await payWithTestCard(card, '4000 0000 0000 0002', 'Pay $69.98');

    await expect(toast(page)).toContainText('Payment Failed');
    await expect(toast(page)).toContainText('Your card was declined.');
    await expect(card.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(card.getByRole('button', { name: 'Pay $69.98' })).toBeEnabled();
    await expect(page).toHaveURL(/\/merchandise-checkout\/2$/);
    expect(ordersFor(email).filter((order) => order.status === 'paid')).toEqual([]);
  });

  test('is reached from the home page’s Purchase Now button', async ({ page }) => {
    await page.goto('/#merchandise');

    const tee = page.locator('#merchandise').getByRole('listitem').filter({ hasText: 'Hackathon Tee' });
    await tee.getByRole('link', { name: 'Purchase Now' }).click();

    await expect(page).toHaveURL(/\/merchandise-checkout\/2$/);
    await expect(page.getByRole('region', { name: 'Order details' })).toContainText('$34.99');
  });

  test('an unknown item shows the error screen', async ({ page }) => {
    await page.goto('/merchandise-checkout/999');

    await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
    await expect(
      page.getByText('Could not find the requested merchandise. Please go back and try again.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  });

  test('the confirmation page without payment parameters says they are missing', async ({ page }) => {
    await page.goto('/merchandise-confirmation');

    await expect(page.getByRole('heading', { name: 'Order Confirmation Failed' })).toBeVisible();
    await expect(page.getByText('Missing payment information in URL')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  });

  test('the customer and card steps have no serious accessibility violations', async ({ page }) => {
    await page.goto('/merchandise-checkout/2');
    await expect(page.getByRole('form', { name: 'Customer information' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await reachCardForm(page, uniqueEmail('merch.axe'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the checkout fits the screen without sideways scrolling', async ({ page }) => {
      await reachCardForm(page, uniqueEmail('merch.phone'));

      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
});
