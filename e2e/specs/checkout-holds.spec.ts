import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { addFromShop, toPaymentStep } from '../harness/checkout';
import { createProduct, uniqueSuffix } from '../harness/own-data';

// A checkout holds its cart's stock only while the buyer is in it: leaving it (for another page of
// the site, or by closing the tab) gives the stock back at once instead of minutes later, and the
// shop and the cart show what other buyers can have.
//
// The hat whose units are counted is this spec's own, stocked as the demo sun hat: no other spec
// running meanwhile holds or buys any of it (harness/own-data.ts).

const site = useBrowser();
const HAT = `Holds Canvas Hat ${uniqueSuffix()}`;

beforeAll(async () => {
  await createProduct(site.baseUrl, {
    name: HAT,
    price: 32,
    stock: 18,
    category: 'Headwear',
    imageUrl: '/images/products/sun-hat.svg',
  });
});

interface Shown {
  id: number;
  name: string;
  stock: number;
  available: number;
}

async function shown(name: string): Promise<Shown> {
  const products = (await (await fetch(`${site.baseUrl}/api/products`)).json()) as Shown[];
  const product = products.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`${name} is not in the shop`);
  return product;
}

const availableNow = async () => (await shown(HAT)).available;

describe('what a checkout holds', () => {
  it('holds the cart while paying, and gives it back when the buyer goes back to the cart or closes the tab', async () => {
    const before = await availableNow();
    const page = await site.newPage({ width: 1280, height: 900 });
    await addFromShop(page, HAT);
    await toPaymentStep(page);
    await expect.poll(availableNow).toBe(before - 1);

    // Back to the cart through the header: the checkout is left, its hold goes at once.
    await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: /Cart/ }).click();
    await page.waitForURL('**/cart');
    await expect.poll(availableNow).toBe(before);

    // Again, and this time the tab is closed on the payment step.
    await toPaymentStep(page);
    await expect.poll(availableNow).toBe(before - 1);
    await page.close({ runBeforeUnload: true });
    await expect.poll(availableNow).toBe(before);
  });

  it('gives back a hold the server made after the buyer had already left the checkout', async () => {
    const before = await availableNow();
    const page = await site.newPage({ width: 1280, height: 900 });
    await addFromShop(page, HAT);
    // The intent's answer is slow: the buyer leaves for the cart before it comes.
    await page.route('**/api/checkout/create-payment-intent', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/checkout');
    const answered = page.waitForResponse('**/api/checkout/create-payment-intent', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Use Test Address & Go to Payment' }).click();
    await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: /Cart/ }).click();
    await page.waitForURL('**/cart');
    // The server made the intent and held the hat; the checkout, gone, gives it back at once.
    expect((await answered).status()).toBe(201);
    await expect.poll(availableNow, { timeout: 5_000 }).toBe(before);
    await page.close();
  });

  it("says in the cart when other shoppers' checkouts hold what it needs, and the shop shows what is left", async () => {
    const hat = await shown(HAT);
    const page = await site.newPage({ width: 375, height: 812 });
    await addFromShop(page, HAT, 2);

    // Another shopper is paying for all the hats but one.
    const other = await fetch(`${site.baseUrl}/api/checkout/create-payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl },
      body: JSON.stringify({
        items: [{ productId: hat.id, quantity: hat.available - 1 }],
        shippingAddress: {
          fullName: 'Other Shopper',
          street: '2 Vine St',
          city: 'Napa',
          state: 'CA',
          zipCode: '94559',
          country: 'US',
        },
        paymentMethod: 'stripe',
      }),
    });
    expect(other.status).toBe(201);
    const { paymentId, paymentSecret } = (await other.json()) as { paymentId: string; paymentSecret: string };

    await page.goto('/shop');
    const card = page.getByRole('article', { name: HAT });
    await expect.poll(() => card.getByText('Only 1 left', { exact: true }).isVisible()).toBe(true);

    await page.goto('/cart');
    const line = page.getByRole('group', { name: HAT });
    const note = line.getByText('Only 1 left right now: other shoppers are checking out with the rest.');
    await expect.poll(() => note.isVisible(), { timeout: 10_000 }).toBe(true);
    // The cart itself is as the buyer left it.
    expect(await line.getByLabel(`Quantity of ${HAT}`, { exact: true }).inputValue()).toBe('2');

    // The other shopper leaves their checkout: the note goes with the hold.
    const released = await fetch(`${site.baseUrl}/api/checkout/release`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.baseUrl },
      body: JSON.stringify({ paymentId, paymentSecret }),
    });
    expect(await released.json()).toEqual({ released: true });
    await page.reload();
    await expect.poll(() => line.isVisible()).toBe(true);
    await expect.poll(() => note.isVisible()).toBe(false);
  });
});
