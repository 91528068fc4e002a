import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { mailedLink } from '../harness/site-console';

const site = useBrowser();

/** Unique per run, so the spec works against a site that has already seen it. */
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

function toast(page: Page, title: string): Locator {
  // Radix renders each toast as a list item of the notifications region.
  return page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: title });
}

async function openFrom(page: Page, button: Locator): Promise<Locator> {
  await expect.poll(() => button.isVisible(), { timeout: 10_000 }).toBe(true);
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText('Join Jesus Walks Community').isVisible()).toBe(true);
  expect(await dialog.getByText('Subscribe to get the latest on walks and merch.').isVisible()).toBe(true);
  return dialog;
}

describe.each([1280, 375])('newsletter dialog at %i px', (width) => {
  it("refuses an e-mail without '@' with the spec's toast, and sends nothing", async () => {
    const page = await site.newPage({ width });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/newsletter/')) posts.push(request.url());
    });
    await page.goto('/');
    const dialog = await openFrom(page, page.getByRole('button', { name: 'Join Our Community' }));
    const field = dialog.getByPlaceholder('Enter your email');
    expect(await field.getAttribute('type')).toBe('email');
    expect(await field.getAttribute('required')).not.toBeNull();
    await field.fill('walker.example.com');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    const invalid = toast(page, 'Invalid email');
    await expect.poll(() => invalid.isVisible()).toBe(true);
    expect(await invalid.textContent()).toContain('Please enter a valid email address.');
    expect(posts).toEqual([]);
    expect(await dialog.isVisible()).toBe(true);
  });

  it('subscribes from Subscribe Now: success toast, e-mail cleared, dialog closed', async () => {
    const page = await site.newPage({ width });
    await page.goto('/');
    const band = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Jesus News' }) });
    const dialog = await openFrom(page, band.getByRole('button', { name: 'Subscribe Now' }));
    const subscribed = page.waitForResponse((response) =>
      response.url().endsWith('/api/newsletter/subscribe'),
    );
    await dialog.getByPlaceholder('Enter your email').fill(`  Walker-${width}-${suffix}@Example.com `);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    const response = await subscribed;
    expect(response.status()).toBe(200);
    expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({
      email: `Walker-${width}-${suffix}@Example.com`,
    });

    const success = toast(page, 'Jesus News - Subscription Successful!');
    await expect.poll(() => success.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await success.textContent()).toContain(
      "You've been subscribed to get the latest on walks and merch.",
    );
    // Nothing arrives until the e-mail's link is followed, and the toast says so.
    expect(await success.textContent()).toContain('A confirmation e-mail is on its way');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Opened again, the field is empty.
    const again = await openFrom(page, band.getByRole('button', { name: 'Subscribe Now' }));
    expect(await again.getByPlaceholder('Enter your email').inputValue()).toBe('');
  });
});

describe('newsletter link pages', () => {
  it.each([375, 1280])(
    'confirms from the link printed in the console, then shows only the confirmed state at %i px',
    async (width) => {
      const page = await site.newPage({ width });
      const email = `confirmed-${width}-${suffix}@example.com`;
      await page.goto('/');
      const status = await page.evaluate(
        async (body) =>
          (
            await fetch('/api/newsletter/subscribe', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(body),
            })
          ).status,
        { email },
      );
      expect(status).toBe(200);

      // Without SMTP_URL the welcome e-mail is printed, its confirmation link in it.
      const link = await mailedLink({ to: email, path: '/newsletter/confirm' });
      await page.goto(`${link.pathname}${link.search}`);
      expect(await page.getByRole('heading', { name: 'Confirm your subscription' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      const confirmed = page.getByRole('heading', { name: 'Subscription confirmed' });
      await expect.poll(() => confirmed.isVisible()).toBe(true);
      expect(
        await page.getByText('Thank you! Your subscription to Jesus News is confirmed.').isVisible(),
      ).toBe(true);
      expect(await page.getByText(email).isVisible()).toBe(true);
      // The request to confirm is gone: only what happened is shown.
      expect(await page.getByText('Confirm your subscription').count()).toBe(0);
      expect(await page.getByText('One last step', { exact: false }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Confirm my subscription' }).count()).toBe(0);
      await expect.poll(() => page.title()).toBe('Subscription confirmed | Jesus Walks');
    },
  );

  it('confirm and unsubscribe pages act only on a button press, and explain a bad link', async () => {
    const page = await site.newPage({ width: 375 });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/newsletter/'))
        calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    const response = await page.goto('/newsletter/confirm?token=1.1.not-a-real-token');
    expect(response?.status()).toBe(200);
    const confirm = page.getByRole('button', { name: 'Confirm my subscription' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(calls).toEqual([]);
    await confirm.click();
    await expect
      .poll(() =>
        page.getByText('This confirmation link is not valid or has expired.', { exact: false }).isVisible(),
      )
      .toBe(true);
    expect(calls).toEqual(['POST /api/newsletter/confirm']);

    await page.goto('/newsletter/unsubscribe');
    await expect.poll(() => page.getByText('This link is incomplete').isVisible()).toBe(true);
    await page.goto('/newsletter/unsubscribe?token=1.1.not-a-real-token');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect.poll(() => page.getByText('This unsubscribe link is not valid.').isVisible()).toBe(true);
  });
});
