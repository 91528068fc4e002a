import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { addFromShop, fillCard, fillContact, toPaymentStep } from '../harness/checkout';
import { demoAdmin } from '../harness/demo-admin';
import { createProduct, uniqueSuffix } from '../harness/own-data';
import { mailedLink } from '../harness/site-console';

// A purchase as a new visitor makes it on a clean install with no keys: the built-in sandbox
// processor ('Test mode') stands in for Stripe, and the order is checked afterwards through the
// admin API (paid, stock taken).
//
// The products whose stock and orders are counted are this spec's own, priced as the demo socks and
// patches: other specs buy the demo products meanwhile (harness/own-data.ts).

const site = useBrowser();
const suffix = uniqueSuffix();
const SOCKS = `Checkout Wool Socks ${suffix}`;
const PATCHES = `Checkout Patch Trio ${suffix}`;
const DECLINED = `Checkout Declined Scarf ${suffix}`;

beforeAll(async () => {
  await createProduct(site.baseUrl, {
    name: SOCKS,
    price: 18.5,
    stock: 60,
    category: 'Apparel',
    imageUrl: '/images/products/merino-socks.svg',
  });
  await createProduct(site.baseUrl, {
    name: PATCHES,
    price: 9.99,
    stock: 80,
    category: 'Accessories',
    imageUrl: '/images/products/patch-set.svg',
  });
  await createProduct(site.baseUrl, {
    name: DECLINED,
    price: 11,
    stock: 70,
    category: 'Accessories',
    imageUrl: '/images/products/trail-bandana.svg',
  });
});

interface Product {
  id: number;
  name: string;
  stock: number;
  price: string | number;
}

async function products(): Promise<Product[]> {
  const response = await fetch(`${site.baseUrl}/api/products`);
  return (await response.json()) as Product[];
}

/** From the shop to the payment step through the test-address shortcut. */
async function toPayment(page: Page, items: Array<[string, number]>): Promise<void> {
  for (const [name, times] of items) await addFromShop(page, name, times);
  await toPaymentStep(page);
}

/** The demo administrator's session (harness/demo-admin.ts). */
const adminCookie = async () => (await demoAdmin(site.baseUrl)).cookie;

describe('checkout', () => {
  it.each([1280, 375])(
    'buys two items with the sandbox card 4242 at %i px: Order Confirmed!, the order paid, the stock taken',
    async (width) => {
      const before = await products();
      const stockOf = (list: Product[], name: string) => list.find((product) => product.name === name)?.stock;
      const page = await site.newPage({ width, height: 900 });
      await toPayment(page, [
        [SOCKS, 1],
        [PATCHES, 1],
      ]);
      expect(await page.getByText('Test mode').first().isVisible()).toBe(true);
      // Test address and USPS Ground: 9.99 shipping on top of the two items.
      expect(await page.getByText('$9.99').first().isVisible()).toBe(true);

      await fillContact(page);
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: /^Pay \$\d+\.\d{2} with Stripe$/ }).click();
      await page.waitForURL('**/order-confirmation', { timeout: 20_000 });
      await expect.poll(() => page.getByRole('heading', { name: 'Order Confirmed!' }).isVisible()).toBe(true);
      expect(
        await page
          .getByText('Thank you for your purchase. Your payment has been processed successfully.')
          .isVisible(),
      ).toBe(true);
      // The total includes shipping, and says so: Subtotal, Shipping, Total (as the e-mail does).
      const paid = await page.getByRole('main').getByLabel('Order total').textContent();
      expect(paid).toMatch(/Subtotal\s*\$\d+\.\d{2}\s*Shipping\s*\$9\.99\s*Total\s*\$\d+\.\d{2}/);
      const orderNumber = Number(/#\s*(\d+)/.exec((await page.locator('main').textContent()) ?? '')?.[1]);
      expect(orderNumber).toBeGreaterThan(0);

      // The cart is empty now.
      expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(SOCKS);

      // The order is paid, in the admin's list, and the stock of both products went down by one.
      const cookie = await adminCookie();
      const orders = (await (
        await fetch(`${site.baseUrl}/api/orders`, { headers: { cookie } })
      ).json()) as Array<{ id: number; status: string; items: Array<{ name: string; quantity: number }> }>;
      const order = orders.find((candidate) => candidate.id === orderNumber);
      expect(order?.status).toBe('paid');
      expect(order?.items.map((item) => item.name).sort()).toEqual([PATCHES, SOCKS].sort());
      const after = await products();
      for (const name of [SOCKS, PATCHES]) {
        expect(stockOf(after, name), name).toBe((stockOf(before, name) ?? 0) - 1);
      }

      // The confirmation e-mail (printed to the console: no SMTP_URL) links to the order's status
      // page, which a guest opens without an account.
      const statusLink = await mailedLink({
        subject: `Order #${orderNumber} confirmed`,
        path: '/orders/status',
      });
      const guest = await site.newPage({ width });
      await guest.goto(`${statusLink.pathname}${statusLink.search}`);
      await expect
        .poll(() => guest.getByRole('heading', { name: `Order #${orderNumber}` }).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      expect(await guest.getByText('Paid', { exact: true }).isVisible()).toBe(true);
      expect(await guest.getByText(SOCKS, { exact: false }).first().isVisible()).toBe(true);
    },
  );

  it("shows the chosen shipping method's cost before payment, and fills Full Name with the shipping name", async () => {
    const page = await site.newPage({ width: 375, height: 900 });
    await addFromShop(page, 'Merino Hiking Socks');
    await page.goto('/checkout');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect
      .poll(() => summary.getByTestId('checkout-shipping').textContent())
      .toBe('Calculated at next step');

    await page.getByLabel('First name', { exact: true }).fill('Ruth');
    await page.getByLabel('Last name', { exact: true }).fill('Walker');
    await page.getByLabel('Address', { exact: true }).fill('1 Vineyard Lane');
    await page.getByLabel('City', { exact: true }).fill('Napa');
    await page.getByLabel('State', { exact: true }).fill('CA');
    await page.getByLabel('Postal code', { exact: true }).fill('94559');
    const firstMethod = page
      .locator('label')
      .filter({ has: page.getByRole('radio') })
      .first();
    await expect.poll(() => firstMethod.isVisible(), { timeout: 10_000 }).toBe(true);
    await firstMethod.getByRole('radio').check();
    const rate = await firstMethod.locator('span.tabular-nums').textContent();
    expect(rate).toMatch(/^\$\d+\.\d{2}$/);
    // Still on step 1: the summary already has the chosen method's cost.
    await expect.poll(() => summary.getByTestId('checkout-shipping').textContent()).toBe(rate);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const fullName = page.getByLabel('Full Name', { exact: true });
    await expect.poll(() => fullName.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await fullName.inputValue()).toBe('Ruth Walker');
  });

  it('shows a declined card in red in the payment area and creates no order', async () => {
    const cookie = await adminCookie();
    // Other specs' orders come and go meanwhile: the orders counted are those of this spec's own
    // product, which only this test buys.
    const countOrders = async () =>
      (
        (await (await fetch(`${site.baseUrl}/api/orders`, { headers: { cookie } })).json()) as Array<{
          items: Array<{ name: string }>;
        }>
      ).filter((order) => order.items.some((item) => item.name === DECLINED)).length;
    const ordersBefore = await countOrders();
    const page = await site.newPage({ width: 1280 });
    await toPayment(page, [[DECLINED, 1]]);
    await fillContact(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay \$\d+\.\d{2} with Stripe$/ }).click();
    const declined = page.getByText('Your card was declined.');
    await expect.poll(() => declined.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await countOrders()).toBe(ordersBefore);
  });

  it("asks for the missing shipping information with the 'Missing Information' toast", async () => {
    const page = await site.newPage({ width: 1280 });
    await addFromShop(page, 'Trail Bandana');
    await page.goto('/checkout');
    const next = page.getByRole('button', { name: 'Continue to Payment' });
    await expect.poll(() => next.isVisible(), { timeout: 10_000 }).toBe(true);
    await next.click({ force: true });
    const toast = page
      .getByRole('region', { name: /notifications/i })
      .locator('li')
      .filter({
        hasText: 'Missing Information',
      });
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await toast.textContent()).toContain('Please complete all shipping information');
  });

  it('sends a visitor with an empty cart back to the shop', async () => {
    const page = await site.newPage({ width: 375 });
    await page.goto('/checkout');
    await expect.poll(() => page.getByText('Your cart is empty').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('link', { name: /shop/i }).first().getAttribute('href')).toBe('/shop');
  });
});
