import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { createEvent, uniqueSuffix } from '../harness/own-data';

// Parties (decision 041): a family registers once with each person's name, seats count people, the
// member changes the party in My walks, a party too big for the seats left waits together, and a
// paid walk's party pays for its seats in one checkout. The spec makes its own walks and member.

const site = useBrowser();
const suffix = uniqueSuffix();

async function seatsOf(
  eventId: number,
): Promise<{ seatsTaken: number; seatsLeft: number; waitlistCount: number }> {
  const response = await fetch(`${site.baseUrl}/api/events/${eventId}`);
  return (await response.json()) as { seatsTaken: number; seatsLeft: number; waitlistCount: number };
}

async function visible(page: Page, text: string | RegExp, timeout = 15_000): Promise<void> {
  await expect
    .poll(() => page.getByText(text).first().isVisible(), { message: String(text), timeout })
    .toBe(true);
}

/** A new member, logged in on the page through the login form. */
async function logInNewMember(page: Page): Promise<string> {
  const username = `family${suffix}`.slice(0, 30);
  const password = 'Trail-family-2030!';
  const response = await fetch(`${site.baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.baseUrl },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  return username;
}

/** Fills in the others' names, adding a row for each the form does not show yet. */
async function addPeople(page: Page, names: string[]): Promise<void> {
  for (const [index, name] of names.entries()) {
    const field = page.getByLabel(`Name of person ${index + 2}`);
    if ((await field.count()) === 0) await page.getByRole('button', { name: 'Add a person' }).click();
    await field.fill(name);
  }
}

describe('parties', () => {
  it('a member brings two others, a family that does not fit waits together, and the member makes room from My walks', async () => {
    const walk = await createEvent(site.baseUrl, {
      title: `Family walk ${suffix}`,
      capacity: 5,
      price: 0,
      inDays: 12,
    });
    const page = await site.newPage({ width: 375, height: 812 });
    await logInNewMember(page);

    await page.goto(`/events/${walk.id}`);
    await page.getByRole('button', { name: 'Bringing others? Add them by name' }).click();
    await addPeople(page, ['Ben Family', 'Cara Family']);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(page, "You're registered, 3 people.");
    await expect
      .poll(() => seatsOf(walk.id), { timeout: 10_000 })
      .toMatchObject({ seatsTaken: 3, seatsLeft: 2 });

    // A guest family of four finds two seats: told before sending that they wait together.
    const guest = await site.newPage({ width: 1280, height: 900 });
    await guest.goto(`/events/${walk.id}`);
    await guest.getByLabel('Your name').fill('Dora Guest');
    await guest.getByLabel('Email', { exact: true }).fill(`dora.${suffix}@example.com`);
    await addPeople(guest, ['Eli Guest', 'Fay Guest', 'Gus Guest']);
    await visible(guest, 'Only 2 seats left: a party of 4 goes on the waitlist together.');
    await guest.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(guest, /waitlist/i);
    await expect
      .poll(() => seatsOf(walk.id), { timeout: 10_000 })
      .toMatchObject({ seatsTaken: 3, waitlistCount: 4 });

    // The member's party shrinks to one from My walks: the family of four takes the seats.
    await page.goto('/account?tab=walks');
    await visible(page, 'You, Ben Family and Cara Family · 3 people');
    await page.getByRole('button', { name: 'Edit party' }).click();
    await page.getByRole('button', { name: 'Remove Cara Family' }).click();
    await page.getByRole('button', { name: 'Remove Ben Family' }).click();
    await page.getByRole('button', { name: 'Save party' }).click();
    await visible(page, 'Party saved');
    await expect
      .poll(() => seatsOf(walk.id), { timeout: 10_000 })
      .toMatchObject({ seatsTaken: 5, seatsLeft: 0, waitlistCount: 0 });
  });

  it("a guest pays for a party of three's seats in one checkout with the sandbox card", async () => {
    const walk = await createEvent(site.baseUrl, {
      title: `Paid family walk ${suffix}`,
      capacity: 6,
      price: 20,
      inDays: 14,
    });
    const page = await site.newPage({ width: 1280, height: 900 });
    await page.goto(`/events/${walk.id}`);
    await page.getByRole('link', { name: 'Pay $20.00 and register' }).click();
    await visible(page, 'Pay for your seat');
    await page.getByLabel('Full name', { exact: true }).fill('Hana Payer');
    await page.getByLabel('Email', { exact: true }).fill(`hana.${suffix}@example.com`);
    await addPeople(page, ['Ivy Payer', 'Jon Payer']);
    await visible(page, '3 × $20.00 = $60.00');
    // The line above the form says the party's seats as they are named.
    await visible(page, 'Pay for your seats');
    await expect.poll(() => page.getByTestId('checkout-line').textContent()).toContain('$60.00');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    const pay = page.getByRole('button', { name: 'Pay $60.00 and register' });
    await expect.poll(() => pay.isEnabled(), { message: 'the pay button', timeout: 15_000 }).toBe(true);
    await visible(page, '3 × $20.00');
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration date', { exact: true }).fill('12 / 34');
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await pay.click();

    await visible(page, 'Registration confirmed', 25_000);
    await expect
      .poll(() => seatsOf(walk.id), { timeout: 10_000 })
      .toMatchObject({ seatsTaken: 3, seatsLeft: 3 });
  });
});
