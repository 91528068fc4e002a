import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appRunning, useBrowser } from '../harness/browser';

const site = useBrowser();

const CARD_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

function section(page: Page, heading: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
}

async function noHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe.each([1280, 375])('home page at %i px', (width) => {
  it('has its metadata and the Organization structured data', async () => {
    const page = await site.newPage({ width });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('Jesus Walks | Faith-Based Guided Hikes in Napa Valley');
    expect(await page.locator('meta[name="description"]').first().getAttribute('content')).toContain(
      'Napa Valley',
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.baseUrl}/`);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toContain('Jesus Walks');

    const jsonLd = page.locator('script[type="application/ld+json"]');
    await expect.poll(() => jsonLd.count()).toBe(1);
    const organization = JSON.parse((await jsonLd.textContent()) ?? '{}') as Record<string, unknown>;
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Jesus Walks',
      url: `${site.baseUrl}/`,
      logo: `${site.baseUrl}/favicon.svg`,
      description: expect.any(String),
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Napa',
        addressRegion: 'CA',
        addressCountry: 'US',
      },
    });
  });

  it('shows the hero, Why Join Us, Upcoming Events and the Jesus News band', async () => {
    const page = await site.newPage({ width });
    await page.goto('/');

    const hero = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Find Your Path in Faith & Nature' }) });
    await expect.poll(() => hero.isVisible()).toBe(true);
    expect((await hero.boundingBox())?.height).toBe(600);
    expect(await hero.getByRole('button', { name: 'Join Our Community' }).isVisible()).toBe(true);
    expect(await hero.getByRole('link', { name: 'View Events' }).getAttribute('href')).toBe('/events');

    const why = section(page, 'Why Join Us');
    for (const title of ['Guided Hikes', 'Community', 'Spiritual Growth', 'Fellowship']) {
      expect(await why.getByRole('heading', { name: title, exact: true }).isVisible(), title).toBe(true);
    }

    const upcoming = section(page, 'Upcoming Events');
    const registerNow = upcoming.getByRole('link', { name: /^Register Now/ });
    await expect.poll(() => registerNow.count(), { timeout: 10_000 }).toBe(3);
    const cards = upcoming.locator('li');
    expect(await cards.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const card = cards.nth(i);
      await card.scrollIntoViewIfNeeded();
      expect(await card.locator('img').count()).toBe(1);
      await expect
        .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await card.getByRole('heading', { level: 3 }).textContent()).toBeTruthy();
      expect(((await card.locator('time').textContent()) ?? '').trim()).toMatch(CARD_DATE);
      const description = card.locator('p.line-clamp-2');
      expect(await description.evaluate((p) => getComputedStyle(p).webkitLineClamp)).toBe('2');
      // Full-width button: as wide as the card's content box.
      const button = await card.getByRole('link', { name: /^Register Now/ }).boundingBox();
      const box = await card.boundingBox();
      expect(button && box ? box.width - button.width : Number.NaN).toBeLessThanOrEqual(42);
      expect(await card.getByRole('link', { name: /^Register Now/ }).getAttribute('href')).toMatch(
        /^\/events\/\d+$/,
      );
    }

    const band = section(page, 'Jesus News');
    expect(await band.getByRole('button', { name: 'Subscribe Now' }).isVisible()).toBe(true);
    expect(await noHorizontalScroll(page)).toBe(true);
  });

  it('shows three placeholder cards while the events load', async () => {
    const page = await site.newPage({ width });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The home page arrives with its events; coming to it from another page, the browser asks.
    await page.goto('/login');
    await appRunning(page);
    await page.route('**/api/events', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole('link', { name: /Jesus Walks/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    const placeholders = page.locator('[data-testid="event-placeholder"]');
    await expect.poll(() => placeholders.count()).toBe(3);
    release();
    await expect.poll(() => placeholders.count(), { timeout: 10_000 }).toBe(0);
    expect(
      await section(page, 'Upcoming Events')
        .getByRole('link', { name: /^Register Now/ })
        .count(),
    ).toBe(3);
  });

  it('takes Register Now to the event page', async () => {
    const page = await site.newPage({ width });
    await page.goto('/');
    const first = section(page, 'Upcoming Events')
      .getByRole('link', { name: /^Register Now/ })
      .first();
    await expect.poll(() => first.isVisible(), { timeout: 10_000 }).toBe(true);
    const title = (await section(page, 'Upcoming Events').locator('li h3').first().textContent()) ?? '';
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe(`${title} | Jesus Walks`);
  });
});
