import { generateKeyPairSync } from 'node:crypto';
import { type FakeGoogle, startFakeGoogle } from '@jesus-walks/seo/testing';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { demoAdmin } from '../harness/demo-admin';
import { type RunningSite, startSite } from '../harness/site';

// The SEO dashboard as an administrator sees it: on the shared site, where no Google account is
// configured, and on a second site configured with a service account against a local stand-in
// for Google's token endpoint and Search Console API (services/seo/src/testing/fake-google.ts).

const site = useBrowser();

async function visible(locator: Locator, message: string, timeout = 10_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { message, timeout }).toBe(true);
}

async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/admin', { timeout: 10_000 });
}

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

let configured: RunningSite | undefined;
let google: FakeGoogle | undefined;
afterAll(async () => {
  await configured?.stop();
  await google?.close();
});

describe('SEO dashboard', () => {
  it("checks the site's own pages as served and finds every head complete, the shop's Products included", async () => {
    const { cookie } = await demoAdmin(site.baseUrl);
    const response = await fetch(`${site.baseUrl}/api/seo/head-check`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const { pages } = (await response.json()) as {
      pages: Array<{ path: string; structuredDataTypes: string[]; problems: Array<{ code: string }> }>;
    };
    const shop = pages.find((page) => page.path === '/shop');
    expect(shop?.structuredDataTypes).toEqual(expect.arrayContaining(['ItemList', 'Product', 'Offer']));
    const problems = pages.flatMap((page) => page.problems.map((problem) => `${page.path}: ${problem.code}`));
    expect(problems).toEqual([]);
  });

  it.each([375, 1280])(
    'without a Google account (%i px): Not Configured, and the actions that need Google are off, saying why',
    async (width) => {
      const admin = await demoAdmin(site.baseUrl);
      const page = await site.newPage({ width, height: 900 });
      await logIn(page, site.baseUrl, admin.username, admin.password);
      await page.goto(`${site.baseUrl}/admin/seo`);
      await visible(page.getByRole('heading', { name: 'SEO Dashboard' }), 'SEO Dashboard');
      await visible(page.getByText('Not Configured', { exact: true }), 'Not Configured');
      expect(await page.getByText(/client email and private key/).isVisible()).toBe(true);
      await visible(
        page.getByText('No metrics available. Click "Refresh Data" to load analytics.'),
        'no metrics yet',
      );
      const view = page.getByRole('link', { name: 'View Sitemap' });
      expect(await view.getAttribute('href')).toBe('/sitemap.xml');
      expect(await view.getAttribute('target')).toBe('_blank');

      const reason = page.getByText(/^Submitting the sitemap and refreshing data need Search Console/);
      await visible(reason, 'why the actions are off');
      for (const name of ['Submit Sitemap to Google', 'Refresh Data']) {
        const button = page.getByRole('button', { name });
        // Disabled for good once the page is hydrated (and not only while it hydrates).
        await expect.poll(() => button.getAttribute('data-hydrating')).toBeNull();
        expect(await button.isDisabled(), name).toBe(true);
        expect(await button.getAttribute('aria-describedby'), name).toBe('quick-actions-not-configured');
      }
      expect(await pageScrollsSideways(page)).toBe(false);
    },
  );

  it('with a service account (against a local Google): Connected, figures, top pages and queries, submission', async () => {
    const account = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const clientEmail = 'search-console@jesus-walks-e2e.iam.gserviceaccount.com';
    const siteUrl = 'https://walks.example/';
    const today = new Date();
    const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    google = await startFakeGoogle({
      clientEmail,
      publicKey: account.publicKey,
      siteUrl,
      days: [
        { date: day(5), clicks: 12, impressions: 300, position: 6 },
        { date: day(4), clicks: 30, impressions: 700, position: 4 },
      ],
      pages: [
        { key: 'https://walks.example/events', clicks: 25, impressions: 600, position: 3.24 },
        { key: 'https://walks.example/shop', clicks: 17, impressions: 400, position: 8.66 },
      ],
      queries: [{ key: 'napa faith hike', clicks: 20, impressions: 250, position: 2.26 }],
    });
    configured = await startSite({
      GOOGLE_CLIENT_EMAIL: clientEmail,
      GOOGLE_PRIVATE_KEY: account.privateKey.replaceAll('\n', '\\n'),
      SEARCH_CONSOLE_SITE_URL: siteUrl,
      SEARCH_CONSOLE_ROOT_URL: google.url,
      SEARCH_CONSOLE_TOKEN_URL: google.tokenUrl,
    });
    const box = /Demo administrator created[\s\S]*?username: (\S+)[\s\S]*?password: (\S+)/.exec(
      configured.output(),
    );
    expect(box).not.toBeNull();
    const page = await site.newPage({ width: 1280, height: 900 });
    await logIn(page, configured.baseUrl, box?.[1] ?? '', box?.[2] ?? '');
    await page.goto(`${configured.baseUrl}/admin/seo`);

    await visible(page.getByText('Connected', { exact: true }), 'Connected');
    expect(await page.getByText(`Tracking: ${siteUrl}`).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await expect
      .poll(() => page.locator('[data-stat="Total Clicks"]').textContent(), { timeout: 15_000 })
      .toBe('42');
    expect(await page.locator('[data-stat="Impressions"]').textContent()).toBe('1,000');

    const pages = page.getByRole('tabpanel');
    await visible(pages.getByText('https://walks.example/events'), 'top page');
    expect(await pages.textContent()).toContain('3.2');
    await page.getByRole('tab', { name: 'Top Queries' }).click();
    await visible(page.getByRole('tabpanel').getByText('napa faith hike'), 'top query');
    expect(await page.getByRole('tabpanel').textContent()).toContain('2.3');

    // Reading the dashboard again asks Google for nothing: the figures are stored.
    const callsBefore = google.calls.length;
    await page.reload();
    await expect.poll(() => page.locator('[data-stat="Total Clicks"]').textContent()).toBe('42');
    expect(google.calls.length).toBe(callsBefore);

    await page.getByRole('button', { name: 'Submit Sitemap to Google' }).click();
    const submitted = page.getByRole('alert').filter({ hasText: /sitemap/i });
    await visible(submitted, 'submission message');
    expect(await submitted.textContent()).not.toContain('Failed');
    expect(google.submittedSitemaps).toEqual([`${configured.baseUrl}/sitemap.xml`]);
  });
});
