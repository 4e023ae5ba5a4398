import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminSession } from './support/admin';
import { emailTo } from './support/mail';
import { ordersFor, uniqueEmail } from './support/orders';
import { payWithTestCard, sandboxCardForm, seriousViolations } from './support/payment';

// The Conference T-Shirt (id 1) in XXL / Ocean Blue is limited to 20 (conference.toml), and no
// other spec buys that variant: this one sells it out, queues for it, and buys the unit a refund
// gives back through the offer's link.
const VARIANT = { merchandiseId: 1, size: 'XXL', color: 'Ocean Blue' };

/** Pays for `quantity` of the variant through the API as the browser app does; answers the order's id and amount. */
async function buyVariant(request: APIRequestContext, quantity: number): Promise<{ orderId: string; amount: number }> {
  const quote = await request.post('/api/quote', {
    data: { kind: 'merchandise', item: VARIANT.merchandiseId, quantity, size: VARIANT.size, color: VARIANT.color },
  });
  expect(quote.ok(), await quote.text()).toBe(true);
  const { total } = (await quote.json()) as { total: number };
  const email = uniqueEmail('sells.out');
  const created = await request.post('/api/create-merchandise-payment', {
    data: { ...VARIANT, amount: total, name: 'Sally Sellout', email, quantity },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { clientSecret, paymentIntentId } = (await created.json()) as { clientSecret: string; paymentIntentId: string };
  const paid = await request.post('/api/sandbox/confirm', {
    data: { clientSecret, cardNumber: '4242424242424242', expMonth: '12', expYear: '34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const confirmed = await request.post('/api/confirm-merchandise-purchase', {
    data: { paymentIntentId, merchandiseId: VARIANT.merchandiseId, name: 'Sally Sellout', email, clientSecret },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return { orderId: ((await confirmed.json()) as { orderId: string }).orderId, amount: total };
}

test('joins a sold-out variant’s queue, gets the offer by email and buys through its link', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('waiting');
  const sold = [await buyVariant(request, 10), await buyVariant(request, 10)];

  // the checkout finds the variant sold out and offers its queue in place of the payment
  await page.goto('/merchandise-checkout/1');
  const form = page.getByRole('form', { name: 'Customer information' });
  await form.getByLabel('Size').selectOption(VARIANT.size);
  await form.getByLabel('Color').selectOption(VARIANT.color);
  await form.getByRole('button', { name: 'Join the waiting list: Conference T-Shirt' }).click();
  // named "Join the waiting list", then "You are in the queue"
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Join the waiting list');
  await expect(dialog).toContainText('The Conference T-Shirt in XXL / Ocean Blue is sold out.');
  await dialog.getByLabel('Full name').fill('Wanda Waiting');
  await dialog.getByLabel('Email').fill(email);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(dialog.getByRole('status')).toContainText('You are number 1 in the queue.');
  expect(await emailTo(email, 'number 1')).toContain('Conference T-Shirt (XXL, Ocean Blue)');

  // the organizer refunds one of the orders: its units go to the queue first, as an offer
  const headers = await adminSession(request, baseURL ?? '');
  const refund = await request.post(`/api/admin/orders/${sold[0].orderId}/refund`, {
    headers,
    data: { amount: sold[0].amount, reason: 'Ordered the wrong size' },
  });
  expect(refund.ok(), await refund.text()).toBe(true);
  const offer = await emailTo(email, 'WAIT-');
  const link = /https?:\/\/\S+\/merchandise-checkout\/1\?code=(WAIT-[0-9A-Z-]+)&size=XXL&color=Ocean%20Blue/.exec(
    offer,
  );
  if (!link) throw new Error(`no checkout link in the offer:\n${offer}`);
  const [url, code] = link;
  const priced = await request.post('/api/quote', {
    data: {
      kind: 'merchandise',
      item: VARIANT.merchandiseId,
      quantity: 1,
      size: VARIANT.size,
      color: VARIANT.color,
      code,
    },
  });
  expect(priced.ok(), await priced.text()).toBe(true);
  const { total } = (await priced.json()) as { total: number };

  await page.goto(url);
  const checkout = page.getByRole('form', { name: 'Customer information' });
  await expect(checkout.getByRole('textbox', { name: 'Code' })).toHaveValue(code);
  await checkout.getByLabel('Full name').fill('Wanda Waiting');
  await checkout.getByLabel('Email', { exact: true }).fill(email);
  // the link names the size and colour waited for
  await expect(checkout.getByLabel('Size')).toHaveValue(VARIANT.size);
  await expect(checkout.getByLabel('Color')).toHaveValue(VARIANT.color);
  await expect(page.getByRole('region', { name: 'Order details' })).toContainText(code);
  await checkout.getByRole('button', { name: 'Continue to Payment' }).click();
  const card = await sandboxCardForm(page);
  await payWithTestCard(card, '4242 4242 4242 4242', `Pay $${(total / 100).toFixed(2)}`);

  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const [order] = ordersFor(email);
  expect(order).toMatchObject({ status: 'paid', itemName: 'Conference T-Shirt', quantity: 1 });
  expect(order.options).toMatchObject({ size: VARIANT.size, color: VARIANT.color });
});
