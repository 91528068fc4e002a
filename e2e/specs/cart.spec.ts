import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';

const site = useBrowser();

async function keepScreenshot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function addFromShop(page: Page, name: string, times = 1) {
  const button = page.getByRole('article', { name }).getByRole('button', { name: 'Add to Cart' });
  for (let i = 0; i < times; i++) await button.click();
}

function line(page: Page, name: string) {
  return page.getByRole('group', { name });
}

async function summary(page: Page) {
  return {
    subtotal: await page.getByTestId('cart-subtotal').textContent(),
    total: await page.getByTestId('cart-total').textContent(),
  };
}

describe('cart', () => {
  it("shows 'Your cart is empty' with 'Continue Shopping' to /shop when empty", async () => {
    const page = await site.newPage({ width: 375, height: 812 });
    await page.goto('/cart');
    await expect.poll(() => page.getByRole('heading', { name: 'Your cart is empty' }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Shopping Cart');
    const link = page.getByRole('link', { name: 'Continue Shopping' });
    expect(await link.getAttribute('href')).toBe('/shop');
  });

  it('browse, add, change quantities, reload and find the cart restored, remove until empty', async () => {
    const page = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/shop');
    await expect
      .poll(() => page.getByText(/^Found \d+ products$/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await addFromShop(page, 'Fellowship Camp Mug', 2);
    await addFromShop(page, 'Olive Wood Cross Keychain');
    const badge = page.getByRole('banner').getByTestId('cart-count').first();
    await expect.poll(() => badge.textContent()).toContain('3');

    await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: /Cart/ }).click();
    await page.waitForURL('**/cart');
    const mug = line(page, 'Fellowship Camp Mug');
    const keychain = line(page, 'Olive Wood Cross Keychain');
    await expect.poll(() => mug.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Order Summary' }).isVisible()).toBe(true);
    expect(await mug.getByLabel('Quantity of Fellowship Camp Mug', { exact: true }).inputValue()).toBe('2');
    expect(await mug.getByText('$16.00', { exact: true }).isVisible()).toBe(true);
    expect(await summary(page)).toEqual({ subtotal: '$40.50', total: '$40.50' });
    expect(await page.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe(
      '/checkout',
    );

    // Minus and plus, and the bounds: the keychain has 3 in stock.
    const keyMinus = keychain.getByRole('button', { name: 'Decrease quantity of Olive Wood Cross Keychain' });
    const keyPlus = keychain.getByRole('button', { name: 'Increase quantity of Olive Wood Cross Keychain' });
    const keyQuantity = keychain.getByLabel('Quantity of Olive Wood Cross Keychain', { exact: true });
    expect(await keyMinus.isDisabled()).toBe(true);
    await keyPlus.click();
    await keyPlus.click();
    expect(await keyQuantity.inputValue()).toBe('3');
    expect(await keyPlus.isDisabled()).toBe(true);
    expect(await keyMinus.isEnabled()).toBe(true);
    expect(await summary(page)).toEqual({ subtotal: '$57.50', total: '$57.50' });
    await keyMinus.click();
    expect(await keyQuantity.inputValue()).toBe('2');

    // Typing: values in range apply, values out of range are ignored.
    const mugQuantity = mug.getByLabel('Quantity of Fellowship Camp Mug', { exact: true });
    await mugQuantity.fill('5');
    expect(await summary(page)).toEqual({ subtotal: '$97.00', total: '$97.00' });
    await keyQuantity.fill('9');
    await keyQuantity.blur();
    expect(await keyQuantity.inputValue()).toBe('2');
    await keyQuantity.fill('0');
    await keyQuantity.blur();
    expect(await keyQuantity.inputValue()).toBe('2');
    expect(await summary(page)).toEqual({ subtotal: '$97.00', total: '$97.00' });
    await keepScreenshot(page, 'cart-1280');

    await page.reload();
    await expect.poll(() => mug.isVisible()).toBe(true);
    expect(await mug.getByLabel('Quantity of Fellowship Camp Mug', { exact: true }).inputValue()).toBe('5');
    expect(
      await keychain.getByLabel('Quantity of Olive Wood Cross Keychain', { exact: true }).inputValue(),
    ).toBe('2');
    expect(await summary(page)).toEqual({ subtotal: '$97.00', total: '$97.00' });
    await expect.poll(() => badge.textContent()).toContain('7');

    await mug.getByRole('button', { name: 'Remove Fellowship Camp Mug' }).click();
    await expect.poll(() => mug.isVisible()).toBe(false);
    expect(await summary(page)).toEqual({ subtotal: '$17.00', total: '$17.00' });
    await keychain.getByRole('button', { name: 'Remove Olive Wood Cross Keychain' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your cart is empty' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByTestId('cart-count').count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Your cart is empty' }).isVisible()).toBe(true);
  });

  it('restores nothing from a stored cart that is not valid', async () => {
    const page = await site.newPage({ width: 1280 });
    await page.addInitScript(() => {
      localStorage.setItem('jesus-walks-cart', JSON.stringify({ items: 'nope', total: 5 }));
    });
    await page.goto('/cart');
    await expect.poll(() => page.getByRole('heading', { name: 'Your cart is empty' }).isVisible()).toBe(true);
  });

  it('fits a phone at 375 px', async () => {
    const page = await site.newPage({ width: 375, height: 812 });
    await page.goto('/shop');
    await expect
      .poll(() => page.getByText(/^Found \d+ products$/).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await addFromShop(page, 'Ridge Daypack 18L');
    await addFromShop(page, 'Prayer & Trail Journal');
    await page.goto('/cart');
    await expect.poll(() => line(page, 'Ridge Daypack 18L').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.getByRole('link', { name: 'Proceed to Checkout' }).isVisible()).toBe(true);
    await keepScreenshot(page, 'cart-375');
  });
});
