import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { TEST_MODE_BANNER } from '@jesus-walks/contracts/constants';
import { describe, expect, it } from 'vitest';
import { render } from '@/entry-server';

/**
 * The banner is part of the server's render of every page, from the same data the browser
 * hydrates with (the page state's query cache), so the two renders agree.
 */
function configAnswer(testMode: boolean) {
  return {
    currency: 'USD',
    testMode,
    methods: [{ method: 'stripe', label: 'Stripe', available: true, testMode, reason: null }],
    stripe: { processor: testMode ? 'sandbox' : 'stripe', publishableKey: testMode ? null : 'pk_live_1' },
  };
}

function site(testMode: boolean) {
  const asked: string[] = [];
  const fetchApi = async (path: string) => {
    asked.push(path);
    const body = path === checkoutRoutes.config.path ? configAnswer(testMode) : [];
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { asked, fetchApi };
}

async function renderPage(url: string, testMode: boolean) {
  const { asked, fetchApi } = site(testMode);
  const result = await render({ url, origin: 'http://127.0.0.1:3000', fetchApi });
  if (result.kind !== 'rendered') throw new Error(`${url} was not rendered on the server`);
  return { ...result, asked };
}

describe('the test-mode banner in the server render', () => {
  it.each(['/', '/shop', '/events', '/login'])(
    'is on %s above the header while the site takes no real payments, with its data in the page state',
    async (url) => {
      const page = await renderPage(url, true);
      expect(page.asked).toContain(checkoutRoutes.config.path);
      const banner = page.body.indexOf(`role="status" data-testid="test-mode-banner"`);
      expect(banner).toBeGreaterThan(-1);
      expect(page.body).toContain(`>${TEST_MODE_BANNER}</div>`);
      expect(banner).toBeLessThan(page.body.indexOf('<header'));
      // The browser hydrates from this cache: its first render shows the banner too.
      const state = JSON.parse(page.state) as {
        queries: { queries: { queryKey: unknown; state: { data: { testMode: boolean } } }[] };
      };
      const config = state.queries.queries.find(
        (query) => JSON.stringify(query.queryKey) === JSON.stringify(['checkout', 'config']),
      );
      expect(config?.state.data.testMode).toBe(true);
    },
  );

  it('is not there when the site takes real payments', async () => {
    const page = await renderPage('/', false);
    expect(page.body).not.toContain(TEST_MODE_BANNER);
    expect(page.body).toContain('<header');
  });
});
