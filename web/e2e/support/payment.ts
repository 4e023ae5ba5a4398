import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** The sandbox card form of a payment step, once it shows. */
export async function sandboxCardForm(page: Page): Promise<Locator> {
  const card = page.getByRole('form', { name: 'Card details' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Test mode: no real payment is taken. Use card 4242 4242 4242 4242.');
  return card;
}

/** Types one of Stripe's test card numbers with a future expiry and submits with the step's button. */
export async function payWithTestCard(card: Locator, cardNumber: string, button: string) {
  await card.getByLabel('Card number').fill(cardNumber);
  await card.getByLabel('Expiration (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: button }).click();
}

/** The visible toast, in Radix's notification region. */
export function toast(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('status');
}

/** Every WCAG A/AA violation axe finds, whatever its impact, one line each. */
export async function allViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** WCAG A/AA violations that axe rates serious or critical, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** How far the page scrolls sideways; 0 or less when it fits the viewport. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Answers the one question the shipped event requires at a ticket's checkout (Dietary needs), which a buyer must
 * answer before paying.
 */
export async function answerRequiredQuestions(details: Locator, diet = 'No preference') {
  await details
    .getByRole('radiogroup', { name: /^Dietary needs/ })
    .getByRole('radio', { name: diet })
    .check();
}
