import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { addFromShop, toPaymentStep } from '../harness/checkout';
import { demoAdmin } from '../harness/demo-admin';

// Square on a clean install with no keys: the Square tile runs in the built-in sandbox ('Test
// mode') on the sandbox's card form, never loading Square's script, and the order is checked
// afterwards through the admin API (paid, paid with Square).

const site = useBrowser();

const adminCookie = async () => (await demoAdmin(site.baseUrl)).cookie;

describe('checkout with Square', () => {
  it('buys with Square (sandbox) and the test card 4242 to Order Confirmed!, the order paid with Square', async () => {
    const page = await site.newPage({ width: 1280, height: 900 });
    const squareScripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('squarecdn.com')) squareScripts.push(request.url());
    });

    await addFromShop(page, 'Merino Hiking Socks');
    await toPaymentStep(page);

    const squareTile = page.locator('label').filter({ has: page.getByRole('radio', { name: /Square/ }) });
    expect(await squareTile.getByText('Test mode').isVisible()).toBe(true);
    await squareTile.click();
    const payButton = page.getByRole('button', { name: /^Pay \$\d+\.\d{2} with Square$/ });
    await expect.poll(() => payButton.isEnabled(), { timeout: 15_000 }).toBe(true);

    await page.getByLabel('Full Name', { exact: true }).fill('Martha Walker');
    await page.getByLabel('Email', { exact: true }).fill('martha.walker@example.com');
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date', { exact: true }).fill('12 / 34');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await payButton.click();

    await page.waitForURL('**/order-confirmation', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Order Confirmed!' }).isVisible()).toBe(true);
    const orderNumber = Number(/#\s*(\d+)/.exec((await page.locator('main').textContent()) ?? '')?.[1]);
    expect(orderNumber).toBeGreaterThan(0);
    expect(squareScripts).toEqual([]);

    const cookie = await adminCookie();
    const orders = (await (
      await fetch(`${site.baseUrl}/api/orders`, { headers: { cookie } })
    ).json()) as Array<{
      id: number;
      status: string;
      paymentMethod?: string;
    }>;
    const order = orders.find((candidate) => candidate.id === orderNumber);
    expect(order?.status).toBe('paid');
    if (order && 'paymentMethod' in order) expect(order.paymentMethod).toBe('square');
  });
});
