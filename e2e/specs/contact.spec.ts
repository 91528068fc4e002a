import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRunning, useBrowser } from '../harness/browser';
import { demoAdmin } from '../harness/demo-admin';
import { siteConsole } from '../harness/site-console';

// The contact page end to end: a visitor writes from a phone, the demo administrator answers from
// the Messages tab on a desktop and marks the message done. The message is this run's own (its
// subject carries the run's suffix), so other specs on the shared site do not disturb it.

const site = useBrowser();
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const visitor = {
  name: 'Priscilla Tentmaker',
  email: `priscilla.${suffix}@example.com`,
  subject: `A walk for our house group ${suffix}`,
  message:
    'Hello! Twelve of us would like to join a Saturday walk in the spring. Is there a walk you would suggest?',
};
const answer = `Twelve is wonderful: the Vineyard Loop on the first Saturday of April suits a group. (${suffix})`;

async function visible(locator: Locator, message: string, timeout = 10_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { message, timeout }).toBe(true);
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

describe('contact', () => {
  it('a visitor finds the page from the footer and sends a message at 375 px', async () => {
    const page = await site.newPage({ width: 375, height: 800 });
    await page.goto('/');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' });
    expect(await footerLink.getAttribute('href')).toBe('/contact');

    await page.goto('/contact');
    await visible(page.getByRole('heading', { name: 'Contact us', level: 1 }), 'the page heading');
    expect(await page.title()).toBe('Contact Us | Jesus Walks');
    await appRunning(page);

    // An empty form says what each field needs, and sends nothing.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/contact')) posts.push(request.url());
    });
    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    await visible(page.getByText('Please enter your name'), 'the name error');
    expect(await page.getByText('Please enter a valid email address').isVisible()).toBe(true);
    expect(await page.getByText('Please enter a subject').isVisible()).toBe(true);
    expect(await page.getByText('Please write your message').isVisible()).toBe(true);
    expect(posts).toEqual([]);

    await page.getByLabel('Your name').fill(visitor.name);
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Subject').fill(visitor.subject);
    await page.getByLabel('Message').fill(visitor.message);
    expect(await scrollsSideways(page)).toBe(false);

    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/api/contact') && response.request().method() === 'POST',
      { timeout: 15_000 },
    );
    await send.click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const body = JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ ...visitor, formToken: expect.stringMatching(/^\d+\./) });
    expect(body).not.toHaveProperty('website');

    const thanks = page.getByRole('status').filter({ hasText: 'Message sent' });
    await visible(thanks, 'the thanks');
    expect(await thanks.textContent()).toContain('we usually answer within two days');
    expect(await scrollsSideways(page)).toBe(false);

    // The visitor is told by e-mail (printed to the site's console without SMTP).
    await expect
      .poll(() => siteConsole().includes(`To:      ${visitor.email}\nSubject: We received your message`), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('the administrator answers the message and marks it done at 1280 px', async () => {
    const admin = await demoAdmin(site.baseUrl);
    const page = await site.newPage({ width: 1280, height: 900 });
    await page.goto('/login');
    await page.getByLabel('Username', { exact: true }).fill(admin.username);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });

    await page.goto('/admin?tab=messages');
    await visible(page.getByRole('heading', { name: 'Messages', level: 2 }), 'the Messages tab');
    await page.getByLabel('Search', { exact: true }).fill(suffix);
    const row = page.locator('tr[data-message]').filter({ hasText: visitor.subject });
    await visible(row, 'the message in the list');
    expect(await row.textContent()).toContain(visitor.email);
    expect(await row.textContent()).toContain('Open');

    await row.getByRole('button', { name: /Open the message/ }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: visitor.subject }), 'the dialog');
    expect(await dialog.textContent()).toContain(visitor.message);

    await dialog.getByLabel(`Reply to ${visitor.email}`).fill(answer);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    // The dialog is modal: what is outside it (the toasts too) is hidden from the accessibility tree.
    const toast = page
      .getByRole('region', { name: /notifications/i, includeHidden: true })
      .locator('li')
      .filter({ hasText: `Your reply has been sent to ${visitor.email}.` });
    await visible(toast, 'the reply toast');
    await visible(dialog.getByText(answer), 'the reply in the dialog');
    expect(await dialog.getByText('1 reply').isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Mark as done' }).click();
    await visible(dialog.getByRole('button', { name: 'Reopen' }), 'Reopen once done');
    expect(await dialog.getByText(`Done by ${admin.username}`).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    // The open list no longer has it; the done list does.
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Status').selectOption('done');
    await visible(row, 'the message among the done ones');
    expect(await row.textContent()).toContain('Done');
    expect(await scrollsSideways(page)).toBe(false);

    // The reply went to the visitor from the group, their message quoted below it.
    await expect
      .poll(() => siteConsole().includes(`To:      ${visitor.email}\nSubject: Re: ${visitor.subject}`), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(siteConsole()).toContain(answer);
  });
});
