import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { demoAdmin } from '../harness/demo-admin';

// The admin's Events and Subscribers tabs, as the demo administrator uses them. Their password is
// the one the site printed at its first start, which no spec changes on the shared site
// (harness/demo-admin.ts).

const site = useBrowser();
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** The demo administrator, logged in through the API (harness/demo-admin.ts). */
const adminCredentials = () => demoAdmin(site.baseUrl);

async function visible(locator: Locator, message: string, timeout = 10_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { message, timeout }).toBe(true);
}

async function gone(locator: Locator, message: string): Promise<void> {
  await expect.poll(() => locator.count(), { message, timeout: 10_000 }).toBe(0);
}

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: description });
  await expect
    .poll(() => toast.isVisible(), { message: `toast '${description}'`, timeout: 10_000 })
    .toBe(true);
  expect(await toast.textContent()).toContain(title);
}

async function logIn(
  page: Page,
  { username, password }: { username: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** A datetime-local value `days` from now, at 9:30 (the form's wall clock in the valley). */
function localDate(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return `${date.toISOString().slice(0, 10)}T09:30`;
}

async function registerGuest(eventId: number, name: string, email: string): Promise<string> {
  const response = await fetch(`${site.baseUrl}/api/events/${eventId}/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.baseUrl },
    body: JSON.stringify({ name, email }),
  });
  expect(response.status, `registering ${email}`).toBe(201);
  return ((await response.json()) as { status: string }).status;
}

describe('admin events and subscribers', () => {
  it('creates, edits, lists, exports and cancels an event', async () => {
    const admin = await adminCredentials();
    const page = await site.newPage({ width: 1280, height: 900 });
    await logIn(page, admin);
    await page.goto('/admin?tab=events');
    await visible(page.getByRole('heading', { name: 'Events Management' }), 'events tab');
    await visible(page.getByRole('heading', { name: 'Registrations per upcoming event' }), 'chart');

    // Create: the contract's messages first, then a valid event.
    const title = `E2E Walk ${suffix}`;
    await page.getByRole('button', { name: 'Create Event' }).first().click();
    const form = page.getByRole('dialog');
    await visible(form.getByRole('heading', { name: 'Create Event' }), 'create dialog');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await visible(form.getByText('Title is required'), 'title message');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('A walk made by the end-to-end tests.');
    await form.getByLabel('Location').fill('Oxbow Commons, Napa');
    await form.getByLabel('Date and time (Napa Valley)').fill(localDate(30));
    await form.getByLabel('Capacity').fill('0');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await visible(form.getByText('Capacity must be at least 1'), 'capacity message');
    await form.getByLabel('Capacity').fill('1');
    await form.getByLabel('Price (whole dollars)').fill('0');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Success', `Event "${title}" created`);
    const row = page.locator('tr', { has: page.getByRole('cell', { name: title, exact: true }) });
    await visible(row, 'new event row');
    expect(await row.textContent()).toContain('9:30 AM P');
    expect(await row.textContent()).toContain('0 / 1');
    const eventId = Number(await row.getAttribute('data-event'));
    expect(eventId).toBeGreaterThan(0);

    // Edit.
    const edited = `${title} (edited)`;
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await visible(form.getByRole('heading', { name: `Edit Event: ${title}` }), 'edit dialog');
    expect(await form.getByLabel('Date and time (Napa Valley)').inputValue()).toBe(localDate(30));
    await form.getByLabel('Title').fill(edited);
    await form.getByRole('button', { name: 'Update Event' }).click();
    await expectToast(page, 'Success', `Event "${edited}" updated`);
    await visible(page.getByRole('cell', { name: edited, exact: true }), 'edited row');

    // Seen on /events.
    const visitor = await site.newPage({ width: 1280 });
    await visitor.goto('/events');
    await visible(visitor.getByText(edited, { exact: true }).first(), 'edited event on /events');

    // Registrations: one seat, one on the waitlist.
    expect(await registerGuest(eventId, 'Lydia Seated', `lydia.${suffix}@example.com`)).toBe('confirmed');
    expect(await registerGuest(eventId, 'Priscilla Waiting', `priscilla.${suffix}@example.com`)).toBe(
      'waitlisted',
    );
    await page.reload();
    await page.getByRole('button', { name: `Registrations of ${edited}` }).click();
    const dialog = page.getByRole('dialog');
    const waitingCell = dialog.getByRole('cell', { name: 'Priscilla Waiting (guest)', exact: true });
    await visible(waitingCell, 'registrations listed');
    const waiting = dialog.locator('tr[data-registration]').filter({ hasText: 'Priscilla Waiting' });
    expect(await waiting.textContent()).toContain('Waitlisted');
    expect(await waiting.textContent()).toContain(`priscilla.${suffix}@example.com`);

    // The event is full: giving a seat adds one, after the organiser has confirmed it.
    // (The open dialog hides the page from the accessibility tree, the toasts' region included.)
    await dialog.getByRole('button', { name: 'Give Priscilla Waiting a seat' }).click();
    const confirmSeat = page.getByRole('alertdialog');
    await visible(
      confirmSeat.getByText(
        'The event is full: this adds a seat (capacity 1 → 2). Priscilla Waiting is told by e-mail.',
      ),
      'give a seat confirmation',
    );
    const promotion = page.waitForResponse((response) => response.url().endsWith('/promote'));
    await confirmSeat.getByRole('button', { name: 'Give a Seat' }).click();
    expect((await promotion).status()).toBe(200);
    await visible(
      page
        .locator('li')
        .filter({ hasText: 'Priscilla Waiting has a seat and is told by e-mail. Capacity is now 2.' }),
      'seat given toast',
    );
    await expect.poll(() => waiting.textContent()).not.toContain('Waitlisted');

    // CSV export: a 200 text/csv fetched with the session.
    const csv = page.waitForResponse((response) =>
      response.url().endsWith(`/api/events/${eventId}/registrations.csv`),
    );
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    const answer = await csv;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('text/csv');
    expect(await answer.text()).toContain('Priscilla Waiting');
    expect((await download).suggestedFilename()).toBe(`event-${eventId}-registrations.csv`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await gone(page.getByRole('dialog'), 'registrations dialog closed');

    // Cancel: kept as cancelled, both registrants told.
    await page.getByRole('button', { name: `Cancel ${edited}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Event' }).click();
    await expectToast(page, 'Success', `Cancelled ${edited}. 2 people were told by e-mail.`);
    const cancelledRow = page.locator('tr', { has: page.getByRole('cell', { name: edited, exact: true }) });
    await expect.poll(() => cancelledRow.textContent()).toContain('Cancelled');
  });

  it('lists a subscriber from the newsletter dialog and removes them', async () => {
    const email = `subscriber.${suffix}@example.com`;
    const visitor = await site.newPage({ width: 1280 });
    await visitor.goto('/');
    const join = visitor.getByRole('button', { name: 'Join Our Community' });
    await visible(join, 'Join Our Community');
    await join.click();
    const newsletter = visitor.getByRole('dialog');
    const subscribed = visitor.waitForResponse((response) =>
      response.url().endsWith('/api/newsletter/subscribe'),
    );
    await newsletter.getByPlaceholder('Enter your email').fill(email);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    expect((await subscribed).status()).toBe(200);

    const admin = await adminCredentials();
    const page = await site.newPage({ width: 1280, height: 900 });
    await logIn(page, admin);
    await page.goto('/admin?tab=subscribers');
    await visible(page.getByRole('heading', { name: 'Newsletter Subscribers' }), 'subscribers tab');
    for (const label of ['Confirmed', 'Pending', 'Unsubscribed']) {
      await expect.poll(() => page.locator(`[data-stat="${label}"]`).textContent()).toMatch(/^\d+$/);
    }
    await page.getByLabel('Search by e-mail').fill(`SUBSCRIBER.${suffix}`);
    const row = page.locator(`tr[data-subscriber="${email}"]`);
    await visible(row, 'the new subscriber');
    await expect.poll(() => page.locator('tr[data-subscriber]').count()).toBe(1);
    expect(await row.textContent()).toContain('pending');

    await page.getByRole('button', { name: `Remove ${email}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove Subscriber' }).click();
    await expectToast(page, 'Success', `${email} has been removed from the newsletter.`);
    await gone(row, 'subscriber removed');
    await visible(page.getByText('No subscribers match.'), 'empty search');
  });

  it('cancels every walk of a series still to come from one of them, each as Cancel does it', async () => {
    const admin = await adminCredentials();
    const post = async (path: string, body: unknown) =>
      fetch(`${site.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.baseUrl, cookie: admin.cookie },
        body: JSON.stringify(body),
      });
    const date = new Date(Date.now() + 9 * 24 * 60 * 60 * 1000);
    const title = `Series walk ${suffix}`;
    const created = await post('/api/events', {
      title,
      description: 'A weekly walk made by the end-to-end tests.',
      location: 'Napa, CA',
      date: date.toISOString(),
      capacity: 10,
      price: 0,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const template = (await created.json()) as { id: number };
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'America/Los_Angeles' })
      .format(date)
      .toLowerCase();
    const series = await post('/api/admin/event-series', {
      templateEventId: template.id,
      rule: { frequency: 'weekly', weekday },
      end: { kind: 'count', count: 3 },
    });
    expect(series.status, await series.clone().text()).toBe(201);
    const { walks } = (await series.json()) as { walks: Array<{ id: number }> };
    expect(walks).toHaveLength(3);
    // Someone is registered on the second walk: it is cancelled (kept), the others deleted.
    await registerGuest(walks[1]?.id ?? 0, 'Series Walker', `series.${suffix}@example.com`);

    const page = await site.newPage({ width: 1280, height: 900 });
    await logIn(page, admin);
    await page.goto('/admin?tab=events');
    const cancel = page.getByRole('button', { name: `Cancel ${title}` }).first();
    await visible(cancel, 'the walk of the series');
    await cancel.click();
    const dialog = page.getByRole('alertdialog');
    await visible(
      dialog.getByText('It is one of 3 walks of its series still to come.', { exact: false }),
      'series question',
    );
    await dialog.getByRole('button', { name: 'Cancel all 3' }).click();
    await expectToast(page, 'Success', 'Cancelled 3 walks of the series; 1 person told by e-mail.');
    // Each walk deleted (no one registered) or cancelled (kept for its walker), none still on.
    const stateOf = async (id: number) => {
      const response = await fetch(`${site.baseUrl}/api/events/${id}`);
      if (response.status === 404) return 'deleted';
      return ((await response.json()) as { isCancelled: boolean }).isCancelled ? 'cancelled' : 'on';
    };
    await expect
      .poll(() => Promise.all(walks.map((walk) => stateOf(walk.id))), { timeout: 10_000 })
      .toEqual(['deleted', 'cancelled', 'deleted']);
  });

  it('fits 375 px: the events and subscribers tabs and the registrations dialog without page scroll', async () => {
    const admin = await adminCredentials();
    const page = await site.newPage({ width: 375, height: 800 });
    await logIn(page, admin);
    await page.goto('/admin?tab=events');
    await visible(page.getByRole('columnheader', { name: 'Waitlist' }), 'events table');
    expect(await pageScrollsSideways(page), 'events at 375 px').toBe(false);
    const firstRegistrations = page.getByRole('button', { name: /^Registrations of / }).first();
    await firstRegistrations.scrollIntoViewIfNeeded();
    await firstRegistrations.click();
    await visible(page.getByRole('dialog').getByRole('button', { name: 'Export CSV' }), 'dialog');
    expect(await pageScrollsSideways(page), 'registrations dialog at 375 px').toBe(false);
    await page.keyboard.press('Escape');

    await page.goto('/admin?tab=subscribers');
    await visible(page.getByRole('columnheader', { name: 'Subscribed' }), 'subscribers table');
    expect(await pageScrollsSideways(page), 'subscribers at 375 px').toBe(false);
  });
});
