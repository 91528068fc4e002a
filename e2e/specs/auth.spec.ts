import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';

const site = useBrowser();

/** Unique per run, so the spec works against a site that has already seen it. */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /notifications/i });
}

async function waitForToast(page: Page, title: string): Promise<Locator> {
  // Radix renders each toast as a list item of the notifications region.
  const toast = toasts(page).locator('li').filter({ hasText: title });
  await expect.poll(() => toast.isVisible(), { message: `toast '${title}'`, timeout: 10_000 }).toBe(true);
  return toast;
}

function header(page: Page): Locator {
  return page.getByRole('banner');
}

async function expectLoggedIn(page: Page): Promise<void> {
  await expect
    .poll(() => header(page).getByRole('button', { name: 'Logout' }).isVisible(), {
      message: 'Logout shown',
      timeout: 10_000,
    })
    .toBe(true);
  expect(await header(page).getByRole('link', { name: 'Login' }).count()).toBe(0);
}

async function expectLoggedOut(page: Page): Promise<void> {
  await expect
    .poll(() => header(page).getByRole('link', { name: 'Login' }).isVisible(), {
      message: 'Login shown',
      timeout: 10_000,
    })
    .toBe(true);
  expect(await header(page).getByRole('button', { name: 'Logout' }).count()).toBe(0);
}

function path(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('account journey', () => {
  it('registers, logs out, logs in, resets the password with the development token and logs in again', async () => {
    const page = await site.newPage({ width: 1280 });
    const username = `walker_${suffix}`;
    const email = `walker.${suffix}@example.com`;
    const firstPassword = 'first-Pass-1';
    const newPassword = 'second-Pass-2';

    // Register: welcome toast, logged in, sent home.
    await page.goto('/register');
    await expect.poll(() => page.getByRole('heading', { name: 'Create an Account' }).isVisible()).toBe(true);
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(firstPassword);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForToast(page, 'Registration successful!');
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedIn(page);

    // Logout from the header: the session ends and the browser is at /login.
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await expectLoggedOut(page);
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);

    // Log in: success toast, then home after a second.
    await logIn(page, username, firstPassword);
    await waitForToast(page, 'Login successful!');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    await expectLoggedIn(page);
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    // Forgot password: the confirmation state, and the token in the development toast.
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Check Your Email' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Login' }).isVisible()).toBe(true);
    const sent = await waitForToast(page, 'Reset email sent!');
    expect(await sent.textContent()).toContain('Development mode');
    const token = (await sent.locator('[data-reset-token]').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(10);

    // The toast's link opens the reset page with the token.
    await sent.getByRole('link', { name: 'Open the reset link' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    expect(new URL(page.url()).searchParams.get('token')).toBe(token);

    // Reset: success toast, then /login after 2 seconds with the green notice (query string removed).
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Password Reset Successfully!');
    const resetAt = Date.now();
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 6000 });
    expect(Date.now() - resetAt).toBeGreaterThan(1000);
    const notice = page.getByRole('alert').filter({
      hasText: 'Your password has been reset. Please log in with your new password.',
    });
    await expect.poll(() => notice.isVisible()).toBe(true);
    // Once the app has hydrated, which a busy machine may take a few seconds to do.
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/login');

    // The token works once.
    const reused = await page.evaluate(async (t) => {
      const response = await fetch('/api/auth/reset-password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: t, newPassword: 'third-Pass-3' }),
      });
      return response.status;
    }, token);
    expect(reused).toBe(400);

    // The old password no longer works; the new one does.
    await logIn(page, username, firstPassword);
    await waitForToast(page, 'Login failed');
    expect(path(page)).toBe('/login');
    await logIn(page, username, newPassword);
    await waitForToast(page, 'Login successful!');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    await expectLoggedIn(page);
  });

  it("refuses a taken username with the server's message", async () => {
    const page = await site.newPage({ width: 1280 });
    const username = `taken_${suffix}`;
    await page.goto('/register');
    // Someone else registers the name first (in this page, so the same-origin rules apply).
    const first = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/users', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
            credentials: 'omit',
          })
        ).status,
      { username, email: `taken.${suffix}@example.com`, password: 'secret-1' },
    );
    expect(first).toBe(201);

    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email', { exact: true }).fill(`other.${suffix}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const toast = await waitForToast(page, 'Registration failed');
    const description = (await toast.textContent()) ?? '';
    expect(description.replace('Registration failed', '').trim().length).toBeGreaterThan(0);
    expect(path(page)).toBe('/register');
  });

  it("shows 'Reset Failed' for a token the server does not know", async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New Password', { exact: true }).fill('secret-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Reset Failed');
    expect(new URL(page.url()).pathname).toBe('/reset-password');
  });
});

describe('login page recovery notice', () => {
  async function expectAlertColour(alert: Locator, channel: 'green' | 'red'): Promise<void> {
    const colour = await alert.evaluate((element) => getComputedStyle(element).color);
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    if (channel === 'green') expect(g, colour).toBeGreaterThan(Math.max(r, b));
    else expect(r, colour).toBeGreaterThan(Math.max(g, b));
  }

  it('shows a success message in a green alert, then removes the query string', async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/login?recovery=success&message=Your%20account%20is%20ready.');
    const alert = page.getByRole('alert').filter({ hasText: 'Your account is ready.' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.getAttribute('data-recovery')).toBe('success');
    await expectAlertColour(alert, 'green');
    // Once the app has hydrated, which a busy machine may take a few seconds to do.
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/login');
    // The alert stays once the address is clean.
    expect(await alert.isVisible()).toBe(true);
  });

  it('shows an error message in a destructive alert, then removes the query string', async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/login?recovery=error&message=That+link+has+expired.');
    const alert = page.getByRole('alert').filter({ hasText: 'That link has expired.' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await alert.getAttribute('data-recovery')).toBe('error');
    await expectAlertColour(alert, 'red');
    // Once the app has hydrated, which a busy machine may take a few seconds to do.
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/login');
    expect(await alert.isVisible()).toBe(true);
  });
});

describe('reset page without a token', () => {
  it("toasts 'Invalid Reset Link' and goes to /login", async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/reset-password');
    const toast = await waitForToast(page, 'Invalid Reset Link');
    expect(await toast.textContent()).toContain('The reset link is invalid or expired.');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

describe('form validation', () => {
  async function errorOf(page: Page, label: string): Promise<{ invalid: string | null; text: string }> {
    const input = page.getByLabel(label, { exact: true });
    const invalid = await input.getAttribute('aria-invalid');
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    const texts = await Promise.all(
      describedBy
        .split(' ')
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    return { invalid, text: texts.join(' ') };
  }

  it('registration: required fields, focus on the first invalid one, password length and e-mail format', async () => {
    const page = await site.newPage({ width: 375, height: 812 });
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create Account' });
    await submit.click();
    await expect.poll(async () => (await errorOf(page, 'Username')).invalid).toBe('true');
    expect((await errorOf(page, 'Username')).text).toContain('Username is required');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-username');
    const before = await submit.boundingBox();

    await page.getByLabel('Username', { exact: true }).fill('ruth');
    await page.getByLabel('Email', { exact: true }).fill('ruth@');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await submit.click();
    await expect
      .poll(async () => (await errorOf(page, 'Email')).text)
      .toContain('Please enter a valid email address');
    expect((await errorOf(page, 'Password')).text).toContain('Password must be at least 6 characters');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-email');
    // Messages fill reserved space: the button does not move as they come and go.
    expect((await submit.boundingBox())?.y).toBe(before?.y);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it("login: 'Username is required' and 'Password is required'", async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect.poll(async () => (await errorOf(page, 'Username')).text).toContain('Username is required');
    expect((await errorOf(page, 'Password')).text).toContain('Password is required');
    expect(await page.getByLabel('Username', { exact: true }).getAttribute('autocomplete')).toBe('username');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('autocomplete')).toBe(
      'current-password',
    );
  });

  it("forgot password: 'Please enter a valid email address'", async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect
      .poll(async () => (await errorOf(page, 'Email')).text)
      .toContain('Please enter a valid email address');
  });

  it('reset password: at least 6 characters and "Passwords don\'t match" on the confirmation', async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/reset-password?token=anything');
    await page.getByLabel('New Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(async () => (await errorOf(page, 'New Password')).text)
      .toContain('Password must be at least 6 characters');
    await page.getByLabel('New Password', { exact: true }).fill('secret-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(async () => (await errorOf(page, 'Confirm Password')).text)
      .toContain("Passwords don't match");
    expect(await page.getByLabel('New Password', { exact: true }).getAttribute('autocomplete')).toBe(
      'new-password',
    );
  });
});
