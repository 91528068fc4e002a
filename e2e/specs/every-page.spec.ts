import { type WebRoutePath, webRoutePaths } from '@jesus-walks/contracts/web-routes';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRunning, useBrowser, watchNetwork } from '../harness/browser';
import { demoAdmin } from '../harness/demo-admin';
import { type PageProblems, watchPageProblems } from '../harness/page-problems';

// Every page of the app, opened the way returning visitors open it: with something in the cart,
// as a visitor, as a member and as an administrator. No page may throw or log an error; above all,
// a page the server rendered must hydrate as it came (a cart known only to the browser once made
// React throw every rendered page away, error #418).

const site = useBrowser();

interface EventSummary {
  id: number;
  price: number;
  isPast: boolean;
  isCancelled: boolean;
  seatsLeft: number;
}

const UNKNOWN_CHARGE = 'no-such-charge';
const UNKNOWN_TICKET = 'no-such-ticket';
let eventIds: { free: number; paid: number };

beforeAll(async () => {
  const events = (await (await fetch(`${site.baseUrl}/api/events`)).json()) as EventSummary[];
  const open = events.filter((event) => !event.isPast && !event.isCancelled && event.seatsLeft > 0);
  const free = open.find((event) => event.price === 0);
  const paid = open.find((event) => event.price > 0);
  if (!free || !paid) throw new Error('The demo data has no open free walk or no open paid walk');
  eventIds = { free: free.id, paid: paid.id };
});

/** Each route's addresses to open; /logout last, since it ends the session. */
function pagesToVisit(): string[] {
  const fill: Partial<Record<WebRoutePath, string[]>> = {
    '/events/:id': [`/events/${eventIds.free}`, `/events/${eventIds.paid}`],
    '/crypto/sandbox/:code': [`/crypto/sandbox/${UNKNOWN_CHARGE}`],
    // A ticket nobody was given (its page says so), and a walk's check-in, which only its leaders
    // and admins may open (a member is told so).
    '/tickets/:token': [`/tickets/${UNKNOWN_TICKET}`],
    '/lead/walks/:id/check-in': [`/lead/walks/${eventIds.free}/check-in`],
    '/logout': [],
  };
  const paths = webRoutePaths.flatMap((route) => fill[route] ?? [route]);
  expect(paths.every((path) => !path.includes(':'))).toBe(true);
  return [...paths, '/logout'];
}

async function putOneItemInTheCart(page: Page): Promise<void> {
  await page.goto('/shop');
  await appRunning(page);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('jesus-walks-cart')))
    .toMatch(/"quantity":1/);
}

async function registerMember(page: Page): Promise<void> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/users', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { username: `pages_${suffix}`, email: `pages.${suffix}@example.com`, password: 'every-Page-1' },
  );
  expect(status, 'registration').toBe(201);
}

async function logInAsAdmin(page: Page): Promise<void> {
  const { username, password } = await demoAdmin(site.baseUrl);
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { username, password },
  );
  expect(status, 'admin login').toBe(200);
}

/** Opens every page and answers what each reported, page by page ('' when nothing). */
async function visitEveryPage(page: Page, problems: PageProblems, width: number): Promise<string[]> {
  problems.expect(`/api/crypto/sandbox/charges/${UNKNOWN_CHARGE}`, 404);
  problems.expect(`/api/tickets/${UNKNOWN_TICKET}`, 400);
  problems.expect(`/api/leader/walks/${eventIds.free}/check-in`, 403);
  const reports: string[] = [];
  const network = watchNetwork(page);
  for (const path of pagesToVisit()) {
    const response = await page.goto(path, { waitUntil: 'load' });
    expect(response?.status(), path).toBe(200);
    // Running, and done with what it asked for: a failed request's error is reported meanwhile.
    await appRunning(page);
    await network.quiet();
    // The cart is shown once the page runs (wide screens show its count in the header).
    if (width >= 768) {
      await expect
        .poll(() => page.getByRole('banner').getByTestId('cart-count').textContent(), { message: path })
        .toContain('1');
    }
    const found = problems.take();
    if (found.length > 0) reports.push(`${path}:\n  ${found.join('\n  ')}`);
  }
  return reports;
}

describe('every page, with an item in the cart', () => {
  it.each([375, 1280])('as a visitor at %i px: no page error, no console error', async (width) => {
    const page = await site.newPage({ width, height: 900 });
    const problems = watchPageProblems(page);
    await putOneItemInTheCart(page);
    problems.take();
    expect(await visitEveryPage(page, problems, width)).toEqual([]);
  });

  it('as a member: no page error, no console error', async () => {
    const page = await site.newPage({ width: 1280, height: 900 });
    const problems = watchPageProblems(page);
    await putOneItemInTheCart(page);
    await registerMember(page);
    problems.take();
    expect(await visitEveryPage(page, problems, 1280)).toEqual([]);
  });

  it('as the administrator: no page error, no console error', async () => {
    const page = await site.newPage({ width: 1280, height: 900 });
    const problems = watchPageProblems(page);
    await putOneItemInTheCart(page);
    await logInAsAdmin(page);
    problems.take();
    expect(await visitEveryPage(page, problems, 1280)).toEqual([]);
  });
});
