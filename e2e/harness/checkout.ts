import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The shop and checkout steps the journeys share: to the payment step through the shop and the
// checkout's test-address shortcut, and the payment step's fields.

/** Opens the shop and adds a product to the cart, `times` times. */
export async function addFromShop(page: Page, name: string, times = 1): Promise<void> {
  await page.goto('/shop');
  await expect.poll(() => page.getByText(/^Found \d+ products$/).isVisible(), { timeout: 15_000 }).toBe(true);
  const button = page.getByRole('article', { name }).getByRole('button', { name: 'Add to Cart' });
  for (let i = 0; i < times; i++) await button.click();
}

/** From the cart to the payment step through the test-address shortcut (the intent holds the cart). */
export async function toPaymentStep(page: Page): Promise<void> {
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Use Test Address & Go to Payment' }).click();
  await expect
    .poll(() => page.getByRole('button', { name: /^Pay \$\d+\.\d{2} with Stripe$/ }).isVisible(), {
      timeout: 15_000,
    })
    .toBe(true);
}

export async function fillContact(
  page: Page,
  contact: { fullName: string; email: string } = {
    fullName: 'Martha Walker',
    email: 'martha.walker@example.com',
  },
): Promise<void> {
  await page.getByLabel('Full Name', { exact: true }).fill(contact.fullName);
  await page.getByLabel('Email', { exact: true }).fill(contact.email);
}

/** The sandbox card form (the Stripe tile without keys). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Expiration date', { exact: true }).fill('12 / 34');
  await page.getByLabel('Security code', { exact: true }).fill('123');
}
