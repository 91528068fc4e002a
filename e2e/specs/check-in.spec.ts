import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { demoAdmin } from '../harness/demo-admin';
import { createEvent, uniqueSuffix } from '../harness/own-data';
import { mailedLink } from '../harness/site-console';

// Check-in at the trailhead (decision 040): two leaders on their phones, one of them without signal,
// and tickets scanned. The spec makes its own walk, walkers and leaders.

const site = useBrowser();
const suffix = uniqueSuffix();

async function post(path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${site.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A new member (registering logs them in): their id and session cookie. */
async function newMember(
  name: string,
): Promise<{ id: number; username: string; password: string; cookie: string }> {
  const username = `${name}${suffix}`.slice(0, 30);
  const password = 'Trail-head-2030!';
  const response = await post('/api/users', { username, email: `${username}@example.com`, password });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  const cookie = (response.headers.getSetCookie() ?? []).map((value) => value.split(';')[0]).join('; ');
  return { id, username, password, cookie };
}

async function registerGuest(eventId: number, name: string, party: string[] = []): Promise<void> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${suffix}@example.com`;
  const response = await post(`/api/events/${eventId}/registrations`, { name, email, party });
  expect(response.status, `registering ${name}`).toBe(201);
}

/** The ticket link printed with a guest's confirmation (no SMTP: e-mails go to the site's console). */
async function ticketTokenOf(name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${suffix}@example.com`;
  const link = await mailedLink({ to: email, path: '/tickets/' });
  return decodeURIComponent(link.pathname.slice('/tickets/'.length));
}

async function openCheckIn(page: Page, walkId: number, who: { username: string; password: string }) {
  await page.goto(`/lead/walks/${walkId}/check-in`);
  // A visitor is sent to log in, and brought back.
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
  await page.getByLabel('Username', { exact: true }).fill(who.username);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/lead/walks/${walkId}/check-in`, { timeout: 15_000 });
  await expect
    .poll(() => page.getByRole('list', { name: 'Walkers' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

function row(page: Page, name: string) {
  return page.getByRole('button', { name: new RegExp(`^${name}:`) });
}

async function checkedInNames(page: Page): Promise<string[]> {
  const pressed = page.locator('[aria-pressed="true"]');
  const labels = await pressed.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label') ?? ''),
  );
  return labels.map((label) => label.split(':')[0] ?? '').sort();
}

describe('check-in at the trailhead', () => {
  it('two leaders, one offline, end with the same three checked in and nothing doubled', async () => {
    const walk = await createEvent(site.baseUrl, {
      title: `Check-in walk ${suffix}`,
      capacity: 10,
      price: 0,
      inDays: 1,
    });
    const walkers = ['Ada Alder', 'Bea Birch', 'Cy Cedar', 'Dot Dogwood'];
    for (const name of walkers) await registerGuest(walk.id, name);
    const [anna, ben] = [await newMember('anna'), await newMember('ben')];
    const { cookie } = await demoAdmin(site.baseUrl);
    for (const leader of [anna, ben]) {
      const response = await post(`/api/admin/events/${walk.id}/leaders`, { userId: leader.id }, cookie);
      expect(response.status, await response.clone().text()).toBe(200);
    }

    const first = await site.newPage({ width: 375, height: 812 });
    const second = await site.newPage({ width: 375, height: 812 });
    await openCheckIn(first, walk.id, anna);
    await openCheckIn(second, walk.id, ben);
    expect(await first.getByTestId('count-expected').textContent()).toBe('4');

    // Anna loses the signal: her taps count on her phone and wait.
    await first.context().setOffline(true);
    await expect.poll(() => first.getByTestId('sync-status').textContent()).toContain('Offline');
    await row(first, 'Ada Alder').click();
    await row(first, 'Bea Birch').click();
    await expect
      .poll(() => first.getByTestId('sync-status').textContent())
      .toBe('Offline — 2 check-ins waiting to send');
    expect(await first.getByTestId('count-checked-in').textContent()).toBe('2');

    // Ben, online, checks in one of the same walkers and another.
    await row(second, 'Bea Birch').click();
    await row(second, 'Cy Cedar').click();
    await expect.poll(() => second.getByTestId('sync-status').textContent()).toBe('All check-ins sent');

    // The kept list survives a reload's absence: the queue is in this phone's storage.
    const kept = await first.evaluate((id) => localStorage.getItem(`jw.check-in.${id}`), walk.id);
    expect(JSON.parse(kept ?? '{}').queue).toHaveLength(2);

    // Anna is back: her queue goes, and both phones show the merged list.
    await first.context().setOffline(false);
    await expect
      .poll(() => first.getByTestId('sync-status').textContent(), { timeout: 20_000 })
      .toBe('All check-ins sent');
    await expect
      .poll(() => checkedInNames(first), { timeout: 20_000 })
      .toEqual(['Ada Alder', 'Bea Birch', 'Cy Cedar']);
    await second.reload();
    await expect
      .poll(() => checkedInNames(second), { timeout: 20_000 })
      .toEqual(['Ada Alder', 'Bea Birch', 'Cy Cedar']);
    expect(await second.getByTestId('count-checked-in').textContent()).toBe('3');

    // The server has each once, Bea's first check-in (Anna's, made earlier) counting.
    const list = await fetch(`${site.baseUrl}/api/leader/walks/${walk.id}/check-in`, {
      headers: { cookie: ben.cookie },
    });
    const { entries } = (await list.json()) as {
      entries: Array<{ name: string; checkedInBy: string | null }>;
    };
    expect(
      entries.filter((entry) => entry.checkedInBy !== null).map((entry) => [entry.name, entry.checkedInBy]),
    ).toEqual([
      ['Ada Alder', anna.username],
      ['Bea Birch', anna.username],
      ['Cy Cedar', ben.username],
    ]);

    // A walk-in, added on the spot.
    await second.getByRole('button', { name: 'Add walk-in' }).click();
    await second.getByLabel('Name', { exact: true }).fill('Eve Elm');
    await second.getByRole('button', { name: 'Add and check in' }).click();
    await expect
      .poll(() => second.getByTestId('count-checked-in').textContent(), { timeout: 15_000 })
      .toBe('4');
    await expect.poll(() => second.getByTestId('sync-status').textContent()).toBe('All check-ins sent');
  });

  it('opens again with no signal once opened there, and sends what was done offline', async () => {
    const walk = await createEvent(site.baseUrl, {
      title: `Offline walk ${suffix}`,
      capacity: 10,
      price: 0,
      inDays: 1,
    });
    await registerGuest(walk.id, 'Gil Ginkgo', ['Gwen Ginkgo']);
    await registerGuest(walk.id, 'Hal Hazel');
    const leader = await newMember('lou');
    const { cookie } = await demoAdmin(site.baseUrl);
    await post(`/api/admin/events/${walk.id}/leaders`, { userId: leader.id }, cookie);

    const page = await site.newPage({ width: 375, height: 812 });
    await openCheckIn(page, walk.id, leader);
    // The service worker has taken the page and kept it with its files, the scanner's among them
    // (the page is kept last).
    const kept = () =>
      page.evaluate(async () => {
        const cache = await caches.open('jw-check-in-v1');
        const urls = (await cache.keys()).map((request) => new URL(request.url).pathname);
        return {
          controlled: navigator.serviceWorker.controller !== null,
          page: urls.includes(location.pathname),
          scanner: urls.some((url) => /^\/assets\/ticket-scanner-[\w-]+\.js$/.test(url)),
          api: urls.some((url) => url.startsWith('/api/')),
        };
      });
    await expect
      .poll(kept, { timeout: 20_000 })
      .toEqual({ controlled: true, page: true, scanner: true, api: false });

    // No signal, and the phone dropped the tab: the page opens from what was kept.
    await page.context().setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('list', { name: 'Walkers' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByTestId('sync-status').textContent())
      .toBe('Offline — the list is kept on this phone');
    expect(await page.getByTestId('count-expected').textContent()).toBe('3');
    // Gil's party is checked in whole by one tap; Gwen stayed home, which the leader says.
    await row(page, 'Gil Ginkgo').click();
    expect(await page.getByTestId('count-checked-in').textContent()).toBe('2');
    await expect.poll(() => page.getByTestId('party-count').textContent()).toBe('2 of 2 here');
    await page.getByRole('button', { name: 'One fewer of Gil Ginkgo + 1 here' }).click();
    await expect.poll(() => page.getByTestId('party-count').textContent()).toBe('1 of 2 here');
    expect(await page.getByTestId('count-checked-in').textContent()).toBe('1');
    await expect
      .poll(() => page.getByTestId('sync-status').textContent())
      .toBe('Offline — 2 check-ins waiting to send');

    // Back in signal: the check-in goes to the server.
    await page.context().setOffline(false);
    await expect
      .poll(() => page.getByTestId('sync-status').textContent(), { timeout: 20_000 })
      .toBe('All check-ins sent');
    const list = await fetch(`${site.baseUrl}/api/leader/walks/${walk.id}/check-in`, {
      headers: { cookie: leader.cookie },
    });
    const { entries } = (await list.json()) as {
      entries: Array<{ name: string; checkedInBy: string | null; checkedInPeople: number }>;
    };
    expect(entries.map((entry) => [entry.name, entry.checkedInBy, entry.checkedInPeople])).toEqual([
      ['Gil Ginkgo', leader.username, 1],
      ['Hal Hazel', null, 0],
    ]);
    expect(await page.getByTestId('count-checked-in').textContent()).toBe('1');
  });

  it('checks in by a scanned ticket and refuses a forged one or another walk’s', async () => {
    const walk = await createEvent(site.baseUrl, {
      title: `Ticket walk ${suffix}`,
      capacity: 10,
      price: 0,
      inDays: 1,
    });
    const other = await createEvent(site.baseUrl, {
      title: `Other walk ${suffix}`,
      capacity: 10,
      price: 0,
      inDays: 1,
    });
    await registerGuest(walk.id, 'Tess Teak');
    await registerGuest(other.id, 'Olly Oak');
    const leader = await newMember('lena');
    const { cookie } = await demoAdmin(site.baseUrl);
    await post(`/api/admin/events/${walk.id}/leaders`, { userId: leader.id }, cookie);
    const token = await ticketTokenOf('Tess Teak');
    const otherToken = await ticketTokenOf('Olly Oak');

    // The ticket page shows the QR code big enough to scan, and only a first name.
    const page = await site.newPage({ width: 375, height: 812 });
    await page.goto(`/tickets/${token}`);
    const qr = page.getByRole('img', { name: 'Ticket QR code' });
    await expect.poll(() => qr.isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(280);
    expect(await page.getByText('Tess', { exact: true }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain('Teak');

    // Headless Chromium has no camera: the scanner's answer (the token) is sent as the page sends it.
    const at = new Date().toISOString();
    const [id, issued] = token.split('.');
    const response = await post(
      `/api/leader/walks/${walk.id}/check-in`,
      {
        operations: [
          {
            id: crypto.randomUUID(),
            kind: 'check-in',
            at,
            target: { ticket: `${id}.${issued}.${'A'.repeat(43)}` },
          },
          { id: crypto.randomUUID(), kind: 'check-in', at, target: { ticket: otherToken } },
          { id: crypto.randomUUID(), kind: 'check-in', at, target: { ticket: token } },
        ],
      },
      leader.cookie,
    );
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as {
      results: Array<{ outcome: string; message: string | null }>;
    };
    expect(results.map((result) => [result.outcome, result.message])).toEqual([
      ['refused', 'This ticket is not valid: it was not issued by us.'],
      ['refused', `This ticket is for another walk: Other walk ${suffix}.`],
      ['applied', null],
    ]);
    await page.reload();
    await expect
      .poll(() => page.getByText('Checked in', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
  });
});
