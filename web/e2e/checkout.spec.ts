import { expect, test, type Page } from '@playwright/test';
import { ordersFor, uniqueEmail } from './support/orders';
import { answerRequiredQuestions, seriousViolations } from './support/payment';

// The release server runs the sandbox gateway (no Stripe keys in playwright.config.ts),
// so these tests pay with Stripe's test card numbers and no network leaves the machine.

/** Opens the developer ticket's checkout and gets through the details step to the card form. */
async function reachCardForm(page: Page, email: string) {
  await page.goto('/checkout/developer');
  const details = page.getByRole('form', { name: 'Your details' });
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Developer Pass');

  await details.getByLabel('Name', { exact: true }).fill('Ana Diaz');
  await details.getByLabel('Email', { exact: true }).fill(email);
  await answerRequiredQuestions(details);
  await details.getByRole('button', { name: 'Proceed to Payment' }).click();

  const card = page.getByRole('form', { name: 'Card details' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Test mode: no real payment is taken. Use card 4242 4242 4242 4242.');
  return card;
}

test.describe('ticket checkout', () => {
  test('buys a developer ticket with the test card and shows the confirmation', async ({ page }) => {
    const email = uniqueEmail('ana');
    const card = await reachCardForm(page, email);

    await card.getByLabel('Card number').pressSequentially('4242424242424242');
    await expect(card.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await card.getByLabel('Expiration (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Complete Purchase' }).click();

    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('See you in Miami Beach on May 18-22, 2026!')).toBeVisible();
    await expect(page.getByText('Order reference')).toBeVisible();
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('status');
    await expect(toast).toContainText('Payment Successful');
    await expect(toast).toContainText('Thank you for your purchase!');

    const [order] = ordersFor(email);
    expect(order).toMatchObject({ status: 'paid', itemName: 'Developer Pass', quantity: 1, amount: 79900 });
    await expect(page.getByText(order.reference)).toBeVisible();

    await page.getByRole('link', { name: 'Return to Homepage' }).click();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  });

  test('a declined card keeps the card form and says why', async ({ page }) => {
    const email = uniqueEmail('declined');
    const card = await reachCardForm(page, email);

    await card.getByLabel('Card number').fill('4000 0000 0000 0002');
    await card.getByLabel('Expiration (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: 'Complete Purchase' }).click();

    await expect(card.getByRole('alert')).toHaveText('Your card was declined.');
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('status');
    await expect(toast).toContainText('Payment Failed');
    await expect(card.getByRole('button', { name: 'Complete Purchase' })).toBeEnabled();
    await expect(card.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeHidden();
    expect(ordersFor(email)).toMatchObject([{ status: 'pending', amount: 79900 }]);
  });

  test('an unknown ticket type goes back to the home page', async ({ page }) => {
    await page.goto('/checkout/no-such-type');

    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    const toast = page.getByRole('region', { name: /Notifications/ }).getByRole('status');
    await expect(toast).toContainText('Invalid Ticket Type');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('CodeWave Miami 2026');
  });

  test('the details and card steps have no serious accessibility violations', async ({ page }) => {
    await page.goto('/checkout/developer');
    await expect(page.getByRole('form', { name: 'Your details' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await reachCardForm(page, uniqueEmail('axe'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the checkout fits the screen without sideways scrolling', async ({ page }) => {
      await reachCardForm(page, uniqueEmail('phone'));

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
