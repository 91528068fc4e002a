import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { createEvent } from '../harness/own-data';

const site = useBrowser();

/** Unique per run, so the spec works against a site that has already seen it. */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

interface ApiEvent {
  id: number;
  title: string;
  capacity: number;
  seatsLeft: number;
  isPast: boolean;
  isCancelled: boolean;
}

async function apiEvents(page: Page): Promise<ApiEvent[]> {
  const response = await page.request.get('/api/events');
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiEvent[];
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function registerAsGuest(page: Page, name: string, email: string, button = 'Register') {
  const form = page.getByRole('form', { name: 'Register as a guest' });
  await expect.poll(() => form.isVisible(), { timeout: 10_000 }).toBe(true);
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: button, exact: true }).click();
}

describe.each([1280, 375])('events at %i px', (width) => {
  it("lists upcoming and past events under 'Our Events' with their seats", async () => {
    const page = await site.newPage({ width });
    const response = await page.goto('/events');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Our Events');
    expect(await page.getByRole('heading', { level: 1, name: 'Our Events' }).isVisible()).toBe(true);

    const upcoming = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Upcoming walks' }) });
    const past = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Past walks' }) });
    // The cards: the items of each section's list (a card's trail facts are a list of their own).
    const cards = (section: typeof upcoming) => section.locator(':scope > ul > li');
    await expect.poll(() => cards(upcoming).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    expect(await cards(past).count()).toBeGreaterThanOrEqual(2);
    const seats = await cards(upcoming).allTextContents();
    for (const text of seats) expect(text).toMatch(/\d+ seats? left|Full, join the waitlist|Cancelled/);
    expect((await cards(past).first().textContent()) ?? '').toContain('This walk has taken place');
    expect(await noHorizontalScroll(page)).toBe(true);
  });

  it('lets a guest register from the event page and shows the confirmation', async () => {
    const page = await site.newPage({ width });
    await page.goto('/');
    const registerNow = page.getByRole('link', { name: /^Register Now/ }).first();
    await expect.poll(() => registerNow.isVisible(), { timeout: 10_000 }).toBe(true);
    await registerNow.click();
    await page.waitForURL(/\/events\/\d+$/);
    const eventId = Number(new URL(page.url()).pathname.split('/').pop());
    const before = (await apiEvents(page)).find((event) => event.id === eventId);

    // The event's facts are all there.
    await expect.poll(() => page.getByRole('heading', { name: 'Join this walk' }).isVisible()).toBe(true);
    for (const label of ['Date', 'Time', 'Meeting point', 'Price', 'Capacity']) {
      expect(await page.getByText(label, { exact: true }).isVisible(), label).toBe(true);
    }
    const email = `guest-${width}-${suffix}@example.com`;
    await registerAsGuest(page, 'Ruth Miller', email);
    await expect.poll(() => page.getByText("You're registered!").isVisible(), { timeout: 10_000 }).toBe(true);
    const after = (await apiEvents(page)).find((event) => event.id === eventId);
    expect(after?.seatsLeft).toBe((before?.seatsLeft ?? 0) - 1);
    await expect.poll(() => page.getByText(`${after?.seatsLeft} seats left`).first().isVisible()).toBe(true);

    // The same e-mail again: already registered.
    await page.getByRole('button', { name: 'Register someone else' }).click();
    await registerAsGuest(page, 'Ruth M.', email.toUpperCase());
    await expect
      .poll(() => page.getByText("You're already registered").isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(
      await page.getByText('This e-mail address is already registered for this event.').isVisible(),
    ).toBe(true);
    expect(await noHorizontalScroll(page)).toBe(true);
  });

  it("checks a guest's name and e-mail before sending", async () => {
    const page = await site.newPage({ width });
    const [first] = (await apiEvents(page)).filter((event) => !event.isPast && !event.isCancelled);
    await page.goto(`/events/${first?.id}`);
    await registerAsGuest(page, '', 'not-an-email');
    await expect.poll(() => page.getByText('Please enter your name').isVisible()).toBe(true);
    expect(await page.getByText('Please enter a valid email address').isVisible()).toBe(true);
  });

  it("says 'Registration failed' when the form's checks cannot be loaded, instead of doing nothing", async () => {
    const page = await site.newPage({ width });
    const [first] = (await apiEvents(page)).filter((event) => !event.isPast && !event.isCancelled);
    // Zod comes with the form's first use (apps/web/src/lib/lazy-resolver.ts); here it never arrives.
    await page.route('**/assets/zod-*.js', (route) => route.abort('connectionreset'));
    await page.goto(`/events/${first?.id}`);
    await registerAsGuest(page, 'Ruth Early', `lost-${suffix}@example.com`);
    await expect.poll(() => page.getByText('Registration failed').isVisible()).toBe(true);
    expect(await page.getByLabel('Your name').inputValue()).toBe('Ruth Early');
  });

  it('shows an unknown event as not found', async () => {
    const page = await site.newPage({ width });
    await page.goto('/events/987654');
    await expect.poll(() => page.getByRole('heading', { name: 'Event not found' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'See all events' }).getAttribute('href')).toBe('/events');
  });
});

describe('a full event', () => {
  it("shows 'Full, join the waitlist' and puts the next guest on the waitlist", async () => {
    const page = await site.newPage({ width: 1280 });
    // A walk of its own to fill: the demo walks stay open for the specs running meanwhile (they
    // register for them, and every-page needs an open free one and an open paid one). Later than
    // every demo walk, so that the first upcoming walks stay the same.
    const own = await createEvent(site.baseUrl, {
      title: `Waitlist Walk ${suffix}`,
      capacity: 2,
      price: 0,
      inDays: 60,
    });
    const walk = (await apiEvents(page)).find((event) => event.id === own.id) as ApiEvent;
    expect(walk.seatsLeft).toBe(2);
    for (let i = 0; i < walk.seatsLeft; i++) {
      const response = await page.request.post(`/api/events/${walk.id}/registrations`, {
        data: { name: `Filler ${i}`, email: `filler-${i}-${suffix}@example.com` },
      });
      expect(response.status()).toBe(201);
    }

    await page.goto('/events');
    const card = page.locator('li').filter({ has: page.getByRole('heading', { name: walk.title }) });
    await expect
      .poll(() => card.getByText('Full, join the waitlist').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await card.getByRole('link', { name: /^Join the waitlist/ }).click();
    await page.waitForURL(`**/events/${walk.id}`);
    await registerAsGuest(page, 'Late Larry', `late-${suffix}@example.com`, 'Join the waitlist');
    await expect
      .poll(() => page.getByText("You're on the waitlist").isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByText(/number \d+ in line/).isVisible()).toBe(true);
  });
});

describe('a logged-in member', () => {
  it('registers with one click, sees the registration and cancels it', async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/');
    const username = `member-${suffix}`;
    const created = await page.request.post('/api/users', {
      data: { username, email: `${username}@example.com`, password: 'walking-together' },
    });
    expect(created.status()).toBe(201);
    const event = (await apiEvents(page)).find((e) => !e.isPast && !e.isCancelled && e.seatsLeft > 1);
    await page.goto(`/events/${event?.id}`);
    // Who is logged in is asked once the page has hydrated: a page is the same for everyone.
    await expect
      .poll(() => page.getByText(`You are logged in as ${username}`, { exact: false }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await page.getByRole('form', { name: 'Register as a guest' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect
      .poll(() => page.getByText(/You're registered!|Your seat is reserved/).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => page.getByText('Your registration:').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Cancel my registration' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect
      .poll(() => page.getByText('Registration cancelled').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Register', exact: true }).isVisible())
      .toBe(true);
  });
});
