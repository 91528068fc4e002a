import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { addFromShop, fillCard, toPaymentStep } from '../harness/checkout';
import { createEvent, createProduct, uniqueSuffix } from '../harness/own-data';
import { watchPageProblems } from '../harness/page-problems';
import { mailedLink } from '../harness/site-console';

const site = useBrowser();

const suffix = uniqueSuffix();
const PASSWORD = 'trail-mix-2030';
const BOTTLE = `Account Water Bottle ${suffix}`;
let walk: { id: number; title: string };

beforeAll(async () => {
  await createProduct(site.baseUrl, {
    name: BOTTLE,
    price: 14,
    stock: 20,
    category: 'Accessories',
    imageUrl: '/images/products/trail-bandana.svg',
  });
  walk = await createEvent(site.baseUrl, {
    title: `Account Ridge Walk ${suffix}`,
    capacity: 10,
    price: 0,
    inDays: 9,
  });
});

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

function toast(page: Page, title: string) {
  return page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: title });
}

async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

describe('a member’s own page', () => {
  it('takes a visitor through login and back: walks and orders, a cancellation, the e-mail link, newsletter, devices, the data download, and deleting the account', async () => {
    const page = await site.newPage({ width: 375, height: 800 });
    const problems = watchPageProblems(page);
    const username = `walker${suffix}`;
    const email = `walker-${suffix}@example.com`;

    // A visitor is sent to log in, and registering from there brings them back.
    await page.goto('/account?tab=walks');
    await page.waitForURL(/\/login\?next=/, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/register\?next=/);
    // The register page's own form: its code arrives after the address changes.
    await expect
      .poll(() => page.getByRole('heading', { name: 'Create an Account' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /create account|register/i }).click();
    await page.waitForURL(/\/account\?tab=walks$/, { timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: `Hello, ${username}` }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await expect.poll(() => page.getByText('No walks yet').isVisible()).toBe(true);

    // A free walk, registered with one click from its page.
    await page.goto(`/events/${walk.id}`);
    const join = page.getByRole('button', { name: /^Register/ });
    await expect.poll(() => join.isVisible(), { timeout: 10_000 }).toBe(true);
    await join.click();
    await expect.poll(() => page.getByText("You're registered!").isVisible(), { timeout: 10_000 }).toBe(true);

    // Something from the shop, paid with the sandbox card.
    await addFromShop(page, BOTTLE);
    await toPaymentStep(page);
    await page.getByLabel('Full Name', { exact: true }).fill('Walker Member');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay \$\d+\.\d{2} with Stripe$/ }).click();
    await page.waitForURL('**/order-confirmation', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Order Confirmed!' }).isVisible()).toBe(true);
    const orderNumber = Number(/#\s*(\d+)/.exec((await page.locator('main').textContent()) ?? '')?.[1]);
    expect(orderNumber).toBeGreaterThan(0);

    // Both on /account, reached from the header's menu.
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL(/\/account$/);
    const card = page.locator(`[data-registration]`).filter({ hasText: walk.title });
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await card.textContent()).toContain('Confirmed');
    expect(await noHorizontalScroll(page)).toBe(true);

    await openTab(page, 'My orders');
    const order = page.locator(`[data-order="${orderNumber}"]`);
    await expect.poll(() => order.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await order.textContent()).toContain(`${BOTTLE} × 1`);
    expect(await order.textContent()).toMatch(/Paid/);
    await order.getByRole('link', { name: 'Order status page' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: `Order #${orderNumber}` }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.goBack();

    // Cancelling the walk, after saying what it does.
    await openTab(page, 'My walks');
    await card.getByRole('button', { name: 'Cancel registration' }).click();
    expect(await card.textContent()).toContain('Your seat will go to the next person on the waitlist.');
    await card.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect
      .poll(() => toast(page, 'Registration cancelled').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => card.textContent()).toContain('Cancelled');
    expect(await card.getByRole('button', { name: 'Cancel registration' }).count()).toBe(0);

    // A second device logged in as the member.
    const other = await site.newPage({ width: 1280 });
    const login = await other.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
    expect(login.status()).toBe(200);
    expect((await other.request.get('/api/auth/me')).status()).toBe(200);

    // A new e-mail takes effect once the link sent to it is followed.
    await openTab(page, 'Profile');
    const newEmail = `moved-${suffix}@example.com`;
    const changeForm = page.getByRole('form', { name: 'Change e-mail' });
    await changeForm.getByLabel('New e-mail').fill(newEmail);
    await changeForm.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await changeForm.getByRole('button', { name: 'Change e-mail' }).click();
    await expect.poll(() => toast(page, 'Check your new e-mail').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: newEmail }).isVisible()).toBe(true);
    const link = await mailedLink({
      to: newEmail,
      subject: 'Confirm your new e-mail address',
      path: '/account/confirm-email',
    });
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'E-mail confirmed' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await page.getByRole('link', { name: 'Go to my account' }).click();
    await page.waitForURL(/\/account\?tab=profile$/);
    // The page asks again on arrival: the new address, verified, nothing pending any more.
    await expect
      .poll(() => page.getByText('Verified', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByText(newEmail, { exact: true }).count()).toBe(1);
    expect(await page.getByText('Waiting for you to open the link').count()).toBe(0);

    // Verified: the newsletter in one click, no confirmation e-mail.
    await openTab(page, 'Newsletter');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() => page.getByText('Subscribed', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    // Logging out everywhere else ends the other device's session, not this one.
    await openTab(page, 'Profile');
    const devices = page.getByRole('list', { name: 'Devices' }).locator('li');
    await expect.poll(() => devices.count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('button', { name: 'Log out everywhere else' }).click();
    await expect.poll(() => devices.count(), { timeout: 10_000 }).toBe(1);
    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    expect(await noHorizontalScroll(page)).toBe(true);

    // Their data, gathered from every service into one file.
    await openTab(page, 'Your data');
    // The request is taken at once (its answer says so); a job then gathers the parts.
    const [requested] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/account/data-export' &&
          response.request().method() === 'POST',
        { timeout: 15_000 },
      ),
      page.getByRole('button', { name: 'Prepare my data' }).click(),
    ]);
    expect(requested.status(), await requested.text()).toBe(202);
    const download = page.getByRole('link', { name: 'Download my data' });
    // A part that did not answer in time is asked again by the job 15 s later (identity's
    // exportJobSettings): a slow machine may need that second attempt.
    await expect.poll(() => download.isVisible(), { timeout: 60_000 }).toBe(true);
    const file = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(
      /^attachment; filename="jesus-walks-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = JSON.stringify(await file.json());
    for (const expected of [newEmail, walk.title, BOTTLE]) expect(data).toContain(expected);
    expect(data).not.toMatch(/\$argon2/);

    // Deleting the account, after the password: logged out, and the account is gone for good.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('alertdialog');
    // A wrong password is answered 400, which Chromium logs: expected here.
    problems.expect('/api/account/delete', 400);
    await confirm.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => confirm.getByText('Current password is incorrect').isVisible()).toBe(true);
    await confirm.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await expect.poll(() => toast(page, 'Your account is deleted').isVisible()).toBe(true);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    for (const login of [username, newEmail]) {
      const again = await page.request.post('/api/auth/login', {
        data: { username: login, password: PASSWORD },
      });
      expect(again.status(), login).toBe(401);
    }
    expect(problems.take()).toEqual([]);
  });

  it('lays the account out at 1280 px without sideways scrolling, each tab a link of its own', async () => {
    const page = await site.newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    const username = `desk${suffix}`;
    const registered = await page.request.post('/api/users', {
      data: { username, email: `desk-${suffix}@example.com`, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/account?tab=orders');
    await expect.poll(() => page.getByText('No orders yet').isVisible(), { timeout: 15_000 }).toBe(true);
    // The header links to the account beside Logout.
    expect(await page.getByRole('banner').getByRole('link', { name: 'My Account' }).isVisible()).toBe(true);
    for (const [tab, text] of [
      ['Profile', 'Your details'],
      ['Newsletter', 'Jesus News'],
      ['My walks', 'No walks yet'],
    ] as const) {
      await openTab(page, tab);
      await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await noHorizontalScroll(page), tab).toBe(true);
    }
    expect(new URL(page.url()).search).toBe('');
    expect(problems.take()).toEqual([]);
  });
});
