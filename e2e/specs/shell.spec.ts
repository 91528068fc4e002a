import { describe, expect, it } from 'vitest';
import { appRunning, useBrowser } from '../harness/browser';

const site = useBrowser();

describe('page shell', () => {
  it('shows the header, the visitor navigation and the footer on the home page', async () => {
    const page = await site.newPage({ width: 1280 });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('link', { name: 'Jesus Walks' }).isVisible()).toBe(true);
    const nav = header.getByRole('navigation');
    for (const name of ['Events', 'Shop', 'AI Assistant', 'Cart']) {
      expect(await nav.getByRole('link', { name, exact: false }).first().isVisible(), name).toBe(true);
    }
    // The visitor variant appears once /api/auth/me has answered 401.
    await expect.poll(() => header.getByRole('link', { name: 'Login' }).isVisible()).toBe(true);
    expect(await header.getByRole('button', { name: 'Join Now' }).isVisible()).toBe(true);

    const footer = page.getByRole('contentinfo');
    for (const name of ['Facebook', 'Instagram', 'Twitter']) {
      const link = footer.getByRole('link', { name });
      expect(await link.getAttribute('target'), name).toBe('_blank');
      expect(await link.getAttribute('rel'), name).toContain('noopener');
    }
    expect(await footer.textContent()).toContain('© 2024');
  });

  it('opens the newsletter dialog from Join Now', async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/');
    const joinNow = page.getByRole('banner').getByRole('button', { name: 'Join Now' });
    await expect.poll(() => joinNow.isVisible()).toBe(true);
    await joinNow.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Join Jesus Walks Community').isVisible()).toBe(true);
    expect(await dialog.getByPlaceholder('Enter your email').getAttribute('type')).toBe('email');
  });

  it('navigates between pages without a full reload', async () => {
    const page = await site.newPage({ width: 1280 });
    await page.goto('/');
    // Before the app runs, links are plain links (a rendered page is complete without it).
    await appRunning(page);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: 'Events' }).click();
    await page.waitForURL('**/events');
    await expect.poll(() => page.getByRole('heading', { name: 'Our Events' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });
});

describe('404 page', () => {
  it('answers status 404 and shows the page titled 404 Page Not Found', async () => {
    const page = await site.newPage({ width: 1280 });
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.title()).toBe('404 Page Not Found');
    expect(await page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
  });
});

describe('mobile drawer at 375 px', () => {
  it('moves the navigation into a slide-in drawer opened by the menu button', async () => {
    const page = await site.newPage({ width: 375, height: 812 });
    await page.goto('/');
    const header = page.getByRole('banner');
    expect(await header.getByRole('navigation').getByRole('link', { name: 'Shop' }).isVisible()).toBe(false);

    await header.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    for (const name of ['Events', 'Shop', 'AI Assistant', 'Cart', 'Login']) {
      await expect
        .poll(() => drawer.getByRole('link', { name, exact: false }).first().isVisible(), { message: name })
        .toBe(true);
    }
    const box = await drawer.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(375);

    await drawer.getByRole('link', { name: 'Shop' }).click();
    await page.waitForURL('**/shop');
    await expect.poll(() => drawer.isVisible()).toBe(false);
  });
});
