import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { demoAdmin } from '../harness/demo-admin';

// A paid event through the checkout (issue 10, docs/decisions/015-paid-events-through-checkout.md):
// the demo administrator creates a paid event of this spec's own through the API, and a guest pays
// for a seat with the sandbox card 4242: no shipping step, the registration confirmed, the seat
// taken.

const site = useBrowser();
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const adminCookie = async () => (await demoAdmin(site.baseUrl)).cookie;

async function createPaidEvent(title: string): Promise<number> {
  const response = await fetch(`${site.baseUrl}/api/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.baseUrl, cookie: await adminCookie() },
    body: JSON.stringify({
      title,
      description: 'A paid walk for the end-to-end test.',
      location: 'Napa, CA',
      date: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString(),
      capacity: 5,
      price: 35,
      imageUrl: null,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function seatsTaken(eventId: number): Promise<number> {
  const response = await fetch(`${site.baseUrl}/api/events/${eventId}`);
  return ((await response.json()) as { seatsTaken: number }).seatsTaken;
}

async function visible(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  await expect
    .poll(() => page.getByText(text).first().isVisible(), { message: String(text), timeout })
    .toBe(true);
}

/** From the event's page to the checkout's payment step as a guest (no shipping step). */
async function toEventPayment(page: Page, eventId: number, email: string): Promise<void> {
  await page.goto(`/events/${eventId}`);
  const pay = page.getByRole('link', { name: 'Pay $35.00 and register' });
  await expect.poll(() => pay.isVisible(), { timeout: 15_000 }).toBe(true);
  // The price says what the button does: paid now, not 'on the day'.
  expect(await page.getByText('$35.00 per person, paid when you register').isVisible()).toBe(true);
  expect(await page.getByText('on the day', { exact: false }).count()).toBe(0);
  await pay.click();

  // Straight to the payment step: no shipping step.
  await expect.poll(() => new URL(page.url()).search).toBe(`?event=${eventId}`);
  await visible(page, 'Pay for your seat');
  await page.getByLabel('Full name', { exact: true }).fill('Lydia Walker');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect
    .poll(() => payButton(page).isEnabled(), { message: 'the pay button', timeout: 15_000 })
    .toBe(true);
  // The checkout's payment step, its contact filled in with the payer's.
  expect(await page.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Lydia Walker');
  expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
  expect(await page.getByText('Test mode').first().isVisible()).toBe(true);
  expect(await page.getByText('Shipping', { exact: true }).count()).toBe(0);
}

const payButton = (page: Page) => page.getByRole('button', { name: 'Pay $35.00 and register' });

describe('paid event through checkout', () => {
  it('a guest pays $35.00 with the sandbox card 4242 and sees the registration confirmed', async () => {
    const title = `Paid Ridge Walk ${suffix}`;
    const eventId = await createPaidEvent(title);
    const page = await site.newPage({ width: 1280, height: 900 });
    await toEventPayment(page, eventId, `lydia.${suffix}@example.com`);

    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date', { exact: true }).fill('12 / 34');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await payButton(page).click();

    await visible(page, 'Registration confirmed');
    await visible(page, `You paid $35.00 and your seat on ${title} is confirmed.`);
    expect(await seatsTaken(eventId)).toBe(1);
  });

  it('a guest pays $35.00 with the SafeKey test numbers and sees the registration confirmed', async () => {
    const title = `Paid SafeKey Walk ${suffix}`;
    const eventId = await createPaidEvent(title);
    const page = await site.newPage({ width: 1280, height: 900 });
    await toEventPayment(page, eventId, `lydia.safekey.${suffix}@example.com`);

    // The same payment step as the cart's: the SafeKey tile and its two numbers.
    await page.locator('label').filter({ hasText: 'SafeKey' }).click();
    const mobile = page.getByLabel('Mobile number', { exact: true });
    await expect.poll(() => mobile.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => payButton(page).isEnabled(), { timeout: 15_000 }).toBe(true);
    await mobile.pressSequentially('5550100000');
    await page.getByLabel('Card number', { exact: true }).pressSequentially('4000000000000077');
    expect(await mobile.inputValue()).toBe('+1 (555) 010-0000');
    expect(await page.getByLabel('Card number', { exact: true }).inputValue()).toBe('4000 0000 0000 0077');
    await payButton(page).click();
    await expect.poll(() => page.getByTestId('safekey-pending').isVisible()).toBe(true);

    await visible(page, 'Registration confirmed', 25_000);
    await visible(page, `You paid $35.00 and your seat on ${title} is confirmed.`);
    expect(await seatsTaken(eventId)).toBe(1);
  });
});
