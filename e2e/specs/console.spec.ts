import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { demoAdminBox } from '../harness/demo-admin';
import { type RunningSite, startSite } from '../harness/site';

// What a newcomer sees in the terminal of `pnpm start` must be enough to use the site: the demo
// administrator's credentials, and every e-mail (SMTP_URL unset) printed with its links.
//
// On a site of its own, started as `pnpm start` starts it: the reset ends every session of the
// demo administrator, and the other spec files, running meanwhile on the shared site, are logged
// in as that administrator (harness/demo-admin.ts).

const NEW_PASSWORD = 'Changed-from-the-console-1';

let running: RunningSite;
const site = useBrowser({ site: () => running.baseUrl });
const siteConsole = () => running.output();

beforeAll(async () => {
  running = await startSite();
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function expectLoggedIn(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('banner').getByRole('button', { name: 'Logout' }).isVisible(), {
      message: 'Logout shown',
      timeout: 10_000,
    })
    .toBe(true);
}

describe('the console of pnpm start', () => {
  it('lets the demo administrator log in, then change the password by the reset link printed there', async () => {
    const box = demoAdminBox(siteConsole());
    expect(box, 'the demo administrator box').not.toBeNull();
    const { username = '', password = '', email = '' } = box ?? {};

    const page = await site.newPage({ width: 1280 });
    await logIn(page, username, password);
    await expectLoggedIn(page);
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    // As the box says: forgot-password with the administrator's e-mail ...
    const printedBefore = siteConsole().length;
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);

    // ... and the e-mail, link included, is printed to the console, readable (not a JSON line).
    let link: URL | undefined;
    await expect
      .poll(
        () => {
          const printed = siteConsole().slice(printedBefore);
          // The link whole: up to the white space after it, since the console may be read while the
          // e-mail is still being written.
          const mail = new RegExp(
            `To: +${email.replace(/[.]/g, '\\.')}[\\s\\S]*?(https?://\\S+/reset-password\\?token=\\S+)\\s`,
          ).exec(printed);
          link = mail?.[1] ? new URL(mail[1]) : undefined;
          return link !== undefined;
        },
        { message: 'the reset e-mail printed to the console', timeout: 15_000 },
      )
      .toBe(true);

    const newPassword = NEW_PASSWORD;
    await page.goto(`${link?.pathname}${link?.search}`);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });

    await logIn(page, username, newPassword);
    await expectLoggedIn(page);
  });
});
