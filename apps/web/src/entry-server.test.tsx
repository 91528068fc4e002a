import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { eventRoutes } from '@jesus-walks/contracts/events';
import type { Product } from '@jesus-walks/contracts/products';
import { productRoutes } from '@jesus-walks/contracts/products';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import type { PageRenderer, PageRenderResult } from '@jesus-walks/contracts/server-render';
import { type PageData, type WebRoutePath, webPages, webRoutePaths } from '@jesus-walks/contracts/web-routes';
import { type Query, QueryCache } from '@tanstack/react-query';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as entryServer from '@/entry-server';
import { currentUserQueryKey } from '@/lib/current-user';
import { anEvent, jsonResponse } from '@/testing/api-stubs';

/**
 * The server render against the pages' declaration (packages/contracts web-routes.ts): it renders
 * exactly the pages declared server-rendered, from the data each declares, and the head of every
 * page the sitemap lists carries a title, a description and the structured data declared for it.
 */

// The gateway imports this module as its PageRenderer: this is a type error if they part.
const renderer: PageRenderer = entryServer;

const ORIGIN = 'http://127.0.0.1:3000';
const event = anEvent({ id: 5 });
const product: Product = {
  id: 1,
  name: 'Trail Cap',
  description: 'A cap for the trail',
  price: '22.00',
  imageUrl: null,
  category: 'caps',
  stock: 4,
  available: 4,
};

/** The API call each kind of page data makes. */
const callOf: Record<PageData, string> = {
  events: eventRoutes.list.path,
  event: pathOf(eventRoutes.get, { id: event.id }),
  products: productRoutes.list.path,
};

const answers = new Map<string, unknown>([
  [callOf.events, [{ ...event, series: null }]],
  [callOf.event, event],
  [callOf.products, [product]],
  [
    checkoutRoutes.config.path,
    {
      currency: 'USD',
      testMode: true,
      methods: [{ method: 'stripe', label: 'Stripe', available: true, testMode: true, reason: null }],
      stripe: { processor: 'sandbox', publishableKey: null },
    },
  ],
]);

/** Every query the render's cache makes: those the loaders fill and those the page's components read. */
const queries: Query[] = [];
const build = QueryCache.prototype.build;
const buildSpy = vi.spyOn(QueryCache.prototype, 'build').mockImplementation(function (
  this: QueryCache,
  ...args
) {
  const query = build.apply(this, args);
  queries.push(query as Query);
  return query;
});
// The files of this project share their modules (isolate: false): the prototype is put back.
afterAll(() => buildSpy.mockRestore());

const isCurrentUserKey = (key: readonly unknown[]) =>
  JSON.stringify(key) === JSON.stringify(currentUserQueryKey);

async function renderPage(
  url: string,
): Promise<{ result: PageRenderResult; asked: string[]; queries: Query[] }> {
  const asked: string[] = [];
  queries.length = 0;
  const result = await renderer.render({
    url,
    origin: ORIGIN,
    // The first render of a page loads its code: generous on a busy machine.
    timeoutMs: 30_000,
    fetchApi: async (path) => {
      const call = path.split('?')[0] ?? path;
      asked.push(call);
      const answer = answers.get(call);
      return answer === undefined
        ? jsonResponse({ message: 'Not found', code: 'not_found' }, { status: 404 })
        : jsonResponse(answer);
    },
  });
  return { result, asked, queries: [...queries] };
}

const urlOf = (path: WebRoutePath) =>
  pathOf<string>(path, { id: event.id, code: 'abc', token: 'a-ticket-token' });

describe('the server render follows the pages’ declaration', () => {
  it.each(webRoutePaths)('%s: rendered where declared, from the data it declares', async (path) => {
    const page = webPages[path];
    const { result, asked, queries } = await renderPage(urlOf(path));
    expect(result.route).toBe(path);
    if (page.rendered === 'browser') {
      expect(result.kind).toBe('shell');
      expect(asked).toEqual([]);
      return;
    }
    expect(result.kind).toBe('rendered');
    expect(result.status).toBe(200);
    // The layout's data (the test-mode banner's; never /api/auth/me: who is logged in is asked
    // after hydration, so the page is the same for everyone), then the page's.
    expect(new Set(asked)).toEqual(
      new Set([checkoutRoutes.config.path, ...page.data.map((data) => callOf[data])]),
    );
    // Nothing the page reads is missing: data a component asks for that the declaration does not
    // name would render as still loading. (A query that waits for the visitor stays disabled.)
    const missing = queries.filter(
      (query) =>
        query.state.status !== 'success' && (query.options as { enabled?: unknown }).enabled !== false,
    );
    // Only the visitor's own: rendered as not yet known, the same for everyone.
    expect(missing.map((query) => query.queryKey).filter((key) => !isCurrentUserKey(key))).toEqual([]);
  });

  it.each(webRoutePaths.filter((path) => webPages[path].indexing === 'listed'))(
    '%s is in the sitemap: its head has its own title and description, and the structured data it declares',
    async (path) => {
      const page = webPages[path];
      const { result } = await renderPage(urlOf(path));
      if (result.kind !== 'rendered') throw new Error(`${path} is listed but not rendered on the server`);
      expect(result.head.hasTitle).toBe(true);
      expect(result.head.hasDescription).toBe(true);
      expect(result.head.html).toContain('<title>');
      if ('head' in page) expect(result.body).toContain(`"@type":"${page.head.structuredData}"`);
    },
  );

  it('answers 404 for an event that does not exist, and for a path the app does not know', async () => {
    const unknownEvent = await renderPage('/events/999');
    expect(unknownEvent.result).toMatchObject({ kind: 'rendered', status: 404, route: '/events/:id' });
    const unknownPage = await renderPage('/no-such-page');
    expect(unknownPage.result).toMatchObject({ kind: 'rendered', status: 404, route: null });
    if (unknownPage.result.kind === 'rendered') {
      expect(unknownPage.result.head).toMatchObject({ hasTitle: true, hasDescription: false });
    }
  });

  it("splits the page's hoisted head from the app's markup where the app's Suspense boundary starts", () => {
    expect(
      entryServer.splitHead(
        '<title>Shop</title><meta name="description" content="x"/><!--$--><div>a</div><!--/$-->',
      ),
    ).toEqual({
      head: {
        html: '<title>Shop</title><meta name="description" content="x"/>',
        hasTitle: true,
        hasDescription: true,
      },
      body: '<!--$--><div>a</div><!--/$-->',
    });
    expect(() => entryServer.splitHead('<div>a</div>')).toThrow();
  });
});
