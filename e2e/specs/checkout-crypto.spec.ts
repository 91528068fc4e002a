import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { addFromShop, fillContact, toPaymentStep } from '../harness/checkout';

// Crypto on a clean install with no keys: the sandbox gives a charge whose hosted page our own
// site serves in test mode; the checkout polls until the charge is paid, or says it expired.

const site = useBrowser();

async function toCryptoPayment(page: Page, product: string) {
  await addFromShop(page, product);
  await toPaymentStep(page);
  await page.locator('label').filter({ hasText: 'Crypto' }).click();
  await fillContact(page);
  const pay = page.getByRole('button', { name: /^Pay \$\d+\.\d{2} with Crypto$/ });
  await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true);
  await pay.click();
}

/**
 * The hosted charge page the checkout links to, opened as the payer would: with the payment's
 * secret in the link's fragment, or (`withSecret` false) by its address alone, as anyone who saw it.
 */
async function openHostedCharge(page: Page, options: { withSecret?: boolean } = {}): Promise<Page> {
  const link = page.getByTestId('crypto-payment-link');
  await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/crypto\/sandbox\/\S+#secret=ps_\S+$/);
  const url = new URL(href, site.baseUrl);
  const hosted = await site.newPage({ width: 1280 });
  await hosted.goto(options.withSecret === false ? url.pathname : `${url.pathname}${url.hash}`);
  return hosted;
}

describe('checkout with crypto', () => {
  it('pays on the sandbox hosted page; the checkout sees it and confirms the order', async () => {
    const page = await site.newPage({ width: 1280 });
    await toCryptoPayment(page, 'Prayer & Trail Journal');
    // The amount in coin, to 8 decimals.
    expect(await page.getByTestId('crypto-pending').textContent()).toMatch(/\d+\.\d{8}/);
    const hosted = await openHostedCharge(page);
    await hosted.getByTestId('crypto-sandbox-complete').click();
    await expect
      .poll(() => hosted.getByTestId('crypto-sandbox-status').textContent())
      .toContain('Payment complete');
    // The checkout polls every 5 s.
    await page.waitForURL('**/order-confirmation', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Order Confirmed!' }).isVisible()).toBe(true);
  });

  it("cannot be paid by the charge's address alone: only the checkout's own link pays it", async () => {
    const page = await site.newPage({ width: 1280 });
    await toCryptoPayment(page, 'Prayer & Trail Journal');
    const stranger = await openHostedCharge(page, { withSecret: false });
    await stranger.getByTestId('crypto-sandbox-complete').click();
    await expect
      .poll(() => stranger.getByText('Open this page from your checkout to pay this charge.').isVisible())
      .toBe(true);
    // The charge is still open, and the checkout still waits for it.
    expect(await stranger.getByTestId('crypto-sandbox-complete').isVisible()).toBe(true);
    expect(await page.getByTestId('crypto-pending').isVisible()).toBe(true);
  });

  it("says 'Payment expired. Please try again.' for a charge left to expire, and offers to try again", async () => {
    const page = await site.newPage({ width: 375 });
    await toCryptoPayment(page, 'Psalms for the Trail');
    const hosted = await openHostedCharge(page);
    await hosted.getByRole('button', { name: 'Let it expire' }).click();
    await expect.poll(() => hosted.getByTestId('crypto-sandbox-status').textContent()).toContain('expired');
    await expect
      .poll(() => page.getByText('Payment expired. Please try again.').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
  });
});
