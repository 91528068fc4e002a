import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { addFromShop, fillContact, toPaymentStep } from '../harness/checkout';

// SafeKey, Apple Pay and Google Pay on a clean install with no keys: SafeKey runs on its sandbox
// network ('Test mode'); headless Chromium has no Apple Pay and, offline, no Google Pay script.

const site = useBrowser();

async function toPayment(page: Page, product = 'Merino Hiking Socks') {
  await addFromShop(page, product);
  await toPaymentStep(page);
}

async function chooseMethod(page: Page, label: string) {
  await page.locator('label').filter({ hasText: label }).click();
}

const payButton = (page: Page, method: string) =>
  page.getByRole('button', { name: new RegExp(`^Pay \\$\\d+\\.\\d{2} with ${method}$`) });

describe('checkout with SafeKey, Apple Pay and Google Pay', () => {
  it('pays with the SafeKey test numbers, waits for the mobile confirmation, to Order Confirmed!', async () => {
    const page = await site.newPage({ width: 375, height: 900 });
    await toPayment(page);
    await chooseMethod(page, 'SafeKey');
    await expect.poll(() => payButton(page, 'SafeKey').isEnabled(), { timeout: 15_000 }).toBe(true);
    await fillContact(page);
    await page.getByLabel('Mobile number', { exact: true }).pressSequentially('5550100000');
    await page.getByLabel('Card number', { exact: true }).pressSequentially('4000000000000077');
    expect(await page.getByLabel('Mobile number', { exact: true }).inputValue()).toBe('+1 (555) 010-0000');
    expect(await page.getByLabel('Card number', { exact: true }).inputValue()).toBe('4000 0000 0000 0077');
    const started = Date.now();
    await payButton(page, 'SafeKey').click();
    await expect.poll(() => page.getByTestId('safekey-pending').isVisible()).toBe(true);
    await page.waitForURL('**/order-confirmation', { timeout: 20_000 });
    // SPEC.md section 9: SafeKey waits 4 s in the checkout before reporting success.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
    await expect.poll(() => page.getByRole('heading', { name: 'Order Confirmed!' }).isVisible()).toBe(true);
  });

  it('asks for both SafeKey numbers and the e-mail, and shows a declined card in red', async () => {
    const page = await site.newPage();
    await toPayment(page, 'Embroidered Patch Set');
    await chooseMethod(page, 'SafeKey');
    await expect.poll(() => payButton(page, 'SafeKey').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('Full Name', { exact: true }).fill('Martha Walker');
    await payButton(page, 'SafeKey').click();
    await expect
      .poll(() => page.getByText('Email is required for order confirmation').isVisible())
      .toBe(true);

    await page.getByLabel('Email', { exact: true }).fill('martha.walker@example.com');
    await payButton(page, 'SafeKey').click();
    await expect
      .poll(() => page.getByTestId('payment-error').textContent())
      .toBe('Please provide both mobile number and card number');

    // Typing: digits only, formatted as they come.
    const mobile = page.getByLabel('Mobile number', { exact: true });
    await mobile.pressSequentially('555abc0100');
    expect(await mobile.inputValue()).toBe('+1 (555) 010-0');
    const card = page.getByLabel('Card number', { exact: true });
    await card.pressSequentially('4000-0000-0000-0002-9999-9');
    expect(await card.inputValue()).toBe('4000 0000 0000 0002 999');
    await card.fill('');
    await card.pressSequentially('4000000000000002');
    await mobile.pressSequentially('000');
    await payButton(page, 'SafeKey').click();
    await expect
      .poll(() => page.getByTestId('payment-error').textContent(), { timeout: 10_000 })
      .toBe('SafeKey payment failed');
    expect(page.url()).toContain('/checkout');
  });

  it('says on both wallet tiles, before either is chosen, that Apple Pay (no device support) and Google Pay (its script cannot load) are not available', async () => {
    const page = await site.newPage();
    await toPayment(page);
    const applePay = page.locator('label').filter({ hasText: 'Apple Pay' });
    expect(await applePay.textContent()).toContain('Apple Pay is not available on this device');
    expect(await applePay.locator('input').isDisabled()).toBe(true);

    // Google's script is asked as soon as the step shows its tile, and the tile answers.
    const googlePay = page.locator('label').filter({ hasText: 'Google Pay' });
    await expect
      .poll(() => googlePay.textContent(), { timeout: 10_000 })
      .toContain('Google Pay is not available');
    expect(await googlePay.locator('input').isDisabled()).toBe(true);
    // Nothing was chosen to find it out: Stripe is still the method.
    expect(await payButton(page, 'Stripe').isVisible()).toBe(true);
    expect(await page.getByTestId('google-pay-unavailable').count()).toBe(0);
  });
});

describe('the payment test page', () => {
  it('lists the test numbers and modes at 375 px, noindex, and runs a SafeKey initiation', async () => {
    const page = await site.newPage({ width: 375, height: 800 });
    await page.goto('/payment-test');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Payment Integration Testing' }).isVisible())
      .toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const safekey = page.getByTestId('payment-test-safekey');
    await expect.poll(() => safekey.getByText('Test mode').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await safekey.textContent()).toContain('4000 0000 0000 0077');
    expect(await safekey.textContent()).toContain('+1 (555) 010-0000');
    expect(await page.getByTestId('payment-test-stripe').textContent()).toContain('4242 4242 4242 4242');

    const started = Date.now();
    await safekey.getByRole('button', { name: 'Initiate a $10 SafeKey payment' }).click();
    await expect
      .poll(() => safekey.getByTestId('test-payment-answer').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(JSON.parse((await safekey.getByTestId('test-payment-answer').textContent()) ?? '')).toEqual({
      success: true,
    });

    // One set of instructions for the mode: on the sandbox, Stripe and Square both take its test
    // cards (Square's own sandbox numbers apply only with Square's keys), each with a live test.
    for (const method of ['stripe', 'square']) {
      const card = page.getByTestId(`payment-test-${method}`);
      const text = (await card.textContent()) ?? '';
      expect(text, method).toContain('4000 0000 0000 9995');
      expect(text, method).not.toContain('4111');
      expect(text, method).not.toContain('cnon:');
      // Each runner shows its answer below its button: the first's, then the second's.
      const answers = card.getByTestId('test-payment-answer');
      const answer = answers.nth(0);
      await card.getByRole('button', { name: 'Pay $10 with the test card 4242 4242 4242 4242' }).click();
      await expect.poll(() => answer.isVisible(), { timeout: 10_000, message: method }).toBe(true);
      expect(JSON.parse((await answer.textContent()) ?? ''), method).toEqual({ success: true });
      await card
        .getByRole('button', { name: 'Pay $10 with the declined test card 4000 0000 0000 0002' })
        .click();
      await expect
        .poll(async () => JSON.parse((await answers.nth(1).textContent()) ?? '{}'), {
          timeout: 10_000,
          message: method,
        })
        .toEqual({ success: false, error: 'Your card was declined.' });
    }

    // Nothing wider than the phone.
    const wider = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((element) => `${element.tagName}.${element.className}`),
    );
    expect(wider).toEqual([]);
  });
});
