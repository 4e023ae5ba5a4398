import { expect, test } from '@playwright/test';
import { ordersFor, uniqueEmail } from './support/orders';
import { horizontalOverflow, payWithTestCard, seriousViolations, toast } from './support/payment';
import { reachCardForm } from './support/sponsorship';

// The e2e database is shared by every test in a run and signature sponsorships sell once,
// so these tests buy standard tiers only.

test.describe('sponsorship payment', () => {
  test('buys the Platinum tier from the sponsorship page and confirms it', async ({ page }) => {
    const email = uniqueEmail('sponsor');
    await page.goto('/sponsorship');
    await page.getByRole('link', { name: 'Purchase Platinum sponsorship' }).click();

    await expect(page).toHaveURL(/\/sponsor-payment\?tier=platinum&price=50000$/);
    await expect(page.getByLabel('Sponsorship tier', { exact: true })).toHaveValue('platinum');
    const card = await reachCardForm(page, email);
    await expect(page.getByRole('region', { name: 'Sponsorship summary' })).toContainText('$50,000.00');

    await payWithTestCard(card, '4242 4242 4242 4242', 'Complete Sponsorship Payment');

    await expect(page.getByRole('heading', { name: 'Sponsorship Confirmed!' })).toBeVisible();
    await expect(page).toHaveURL(
      /\/sponsor-confirmation\?tier=platinum&payment_intent=pi_[^&]+&.*redirect_status=succeeded/,
    );
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent') ?? '';
    // the sponsor quotes the order reference; the gateway's payment id is not shown
    await expect(page.getByText(paymentIntentId, { exact: true })).toHaveCount(0);

    const [order] = ordersFor(email);
    expect(order).toMatchObject({ status: 'paid', amount: 5000000 });
    await expect(page.getByText(order.reference, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sponsorship' })).toHaveAttribute('href', '/sponsorship');
  });

  test('a declined card shows Payment Failed, inline too', async ({ page }) => {
    const email = uniqueEmail('sponsor.declined');
    await page.goto('/sponsor-payment?tier=supporter');
    await expect(page.getByLabel('Sponsorship tier', { exact: true })).toHaveValue('supporter');
    const card = await reachCardForm(page, email);

    await payWithTestCard(card, '4000 0000 0000 0002', 'Complete Sponsorship Payment');

    await expect(toast(page)).toContainText('Payment Failed');
    await expect(card.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(card.getByRole('button', { name: 'Complete Sponsorship Payment' })).toBeEnabled();
    expect(ordersFor(email).filter((order) => order.status === 'paid')).toEqual([]);
  });

  test('lists the tiers in two groups and validates the form', async ({ page }) => {
    await page.goto('/sponsor-payment');

    const select = page.getByLabel('Sponsorship tier', { exact: true });
    await expect(select.locator('optgroup[label="Standard Sponsorship Tiers"] option')).toHaveCount(5);
    await expect(select.locator('optgroup[label="Signature Sponsorship Tiers"] option')).toHaveCount(5);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
    await expect(page.getByText('Please select a sponsorship tier')).toBeVisible();
    await expect(page.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the confirmation page without a succeeded payment offers to try again with the same tier', async ({ page }) => {
    await page.goto('/sponsor-confirmation?tier=gold&payment_intent=pi_sandbox_x&redirect_status=failed');

    await expect(page.getByRole('heading', { name: 'Payment Not Completed' })).toBeVisible();
    await page.getByRole('link', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/sponsor-payment\?tier=gold$/);
    await expect(page.getByLabel('Sponsorship tier', { exact: true })).toHaveValue('gold');
  });

  test('the form and card steps have no serious accessibility violations', async ({ page }) => {
    await page.goto('/sponsor-payment?tier=silver');
    await expect(page.getByRole('form', { name: 'Sponsorship details' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await reachCardForm(page, uniqueEmail('sponsor.axe'));
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 360 px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the sponsor form fits the screen without sideways scrolling', async ({ page }) => {
      await page.goto('/sponsor-payment?tier=workshop');
      await expect(page.getByRole('form', { name: 'Sponsorship details' })).toBeVisible();

      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
});
