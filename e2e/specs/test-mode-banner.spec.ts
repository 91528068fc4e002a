import { TEST_MODE_BANNER } from '@jesus-walks/contracts/constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../harness/browser';
import { watchPageProblems } from '../harness/page-problems';

// The site runs without provider keys, so the payments sandbox is on: every page says, in a thin
// line above the header, that no real payments are taken. Server-rendered pages carry it in their
// HTML and hydrate without a mismatch; pages rendered in the browser show it once they know.

const site = useBrowser();

async function bannerBox(page: Page) {
  const banner = page.getByRole('status').filter({ hasText: TEST_MODE_BANNER });
  await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await banner.textContent()).toBe(TEST_MODE_BANNER);
  const box = await banner.boundingBox();
  const header = await page.locator('header').first().boundingBox();
  if (!box || !header) throw new Error('no banner or no header on the page');
  return { box, header };
}

describe('the test-mode banner', () => {
  it.each([375, 1280])(
    'is in the HTML of a server-rendered page and stays through hydration, thin and above the header at %i px',
    async (width) => {
      const html = await (await fetch(`${site.baseUrl}/shop`)).text();
      expect(html).toContain(TEST_MODE_BANNER);
      const page = await site.newPage({ width });
      const problems = watchPageProblems(page);
      await page.goto('/shop');
      await expect
        .poll(() => page.getByText(/^Found \d+ products$/).isVisible(), { timeout: 15_000 })
        .toBe(true);
      const { box, header } = await bannerBox(page);
      expect(box.y).toBe(0);
      expect(box.width).toBe(width);
      expect(box.height).toBeLessThanOrEqual(width < 400 ? 48 : 32);
      // In the flow above the header, covering nothing.
      expect(box.y + box.height).toBeLessThanOrEqual(header.y + 0.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      expect(problems.take()).toEqual([]);
    },
  );

  it('is on a page the browser renders (the checkout) too', async () => {
    const page = await site.newPage({ width: 1280 });
    const problems = watchPageProblems(page);
    await page.goto('/checkout');
    await bannerBox(page);
    expect(problems.take()).toEqual([]);
  });
});
