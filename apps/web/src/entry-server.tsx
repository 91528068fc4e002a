import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { PageRenderRequest, PageRenderResult, RenderedHead } from '@jesus-walks/contracts/server-render';
import { type WebRoutePath, webPages } from '@jesus-walks/contracts/web-routes';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '@/app/router';
import { prefetchPageData } from '@/app/ssr/page-loaders';
import { serialisePageState } from '@/app/ssr/page-state';
import { Toaster } from '@/components/ui/toaster';
import { type ApiTransport, setApiTransportResolver } from '@/lib/api-client';
import { CartProvider } from '@/lib/cart/cart-context';
import { queryConfig } from '@/lib/query-client';
import { SiteOriginProvider } from '@/lib/site-origin';

/**
 * Renders a page on the server: the gateway imports this module as its PageRenderer
 * (packages/contracts server-render.ts; docs/decisions/019-server-rendering.md).
 * The page's data is fetched first through the gateway's own API, as anyone would (a page is the
 * same for every visitor; what is theirs comes after hydration), the
 * app is rendered to HTML once everything has loaded (lazy pages included), and the query cache
 * goes along so the browser hydrates without asking again.
 */

const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransportResolver(() => transports.getStore());

/** Whether the server renders a route's page (the 404 page, `pattern` null, included). */
function rendersOnServer(pattern: WebRoutePath | null): boolean {
  return pattern === null || webPages[pattern].rendered === 'server';
}

/**
 * Where the app's markup starts: its outermost Suspense boundary (below), the first element React
 * writes for it. React 19 writes a page's hoisted head elements (<title>, <meta>, <link>) ahead of
 * it when it does not render the whole document; the page's head is everything before.
 */
const APP_START = '<!--$';

/** The page's hoisted head elements and the app's markup, split where the app starts. */
export function splitHead(html: string): { head: RenderedHead; body: string } {
  const start = html.indexOf(APP_START);
  if (start === -1)
    throw new Error('server render: the Suspense boundary around the app is missing from the markup');
  const head = html.slice(0, start);
  return {
    head: {
      html: head,
      hasTitle: head.includes('<title>'),
      hasDescription: head.includes('<meta name="description"'),
    },
    body: html.slice(start),
  };
}

function renderToHtml(element: React.ReactNode, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk.toString();
        done();
      },
    });
    sink.on('finish', () => {
      clearTimeout(deadline);
      resolve(html);
    });
    const stream = renderToPipeableStream(element, {
      // Never outline a finished boundary to be revealed by an inline script: the page goes out
      // whole, and the Content Security Policy allows no inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        // Errors inside a boundary render its fallback in the browser; the shell goes out anyway.
        if (process.env.NODE_ENV !== 'test') console.error('server render:', error);
      },
    });
    const deadline = setTimeout(() => {
      stream.abort(new Error('server render timed out'));
      reject(new Error('server render timed out'));
    }, timeoutMs).unref();
  });
}

/** The routes matched for every render: built once, they hold no per-request state. */
const handler = createStaticHandler(routes);

export async function render(request: PageRenderRequest): Promise<PageRenderResult> {
  const url = new URL(request.url, request.origin);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { kind: 'shell', status: context.status, route: null };
  const leaf = context.matches.at(-1);
  // The router's routes are the declaration's paths (app/router.tsx), and '*' the 404 page.
  const pattern = leaf && leaf.route.path !== '*' ? ((leaf.route.path ?? null) as WebRoutePath | null) : null;
  if (!rendersOnServer(pattern)) return { kind: 'shell', status: 200, route: pattern };

  const queryClient = new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } },
  });
  return transports.run({ fetch: request.fetchApi }, async () => {
    const status = await prefetchPageData(queryClient, pattern, { params: leaf?.params ?? {} });
    // A failed call renders as still loading on both sides; the browser asks again.
    queryClient.removeQueries({ predicate: (query) => query.state.status !== 'success' });
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = await renderToHtml(
      <StrictMode>
        <SiteOriginProvider origin={request.origin}>
          <QueryClientProvider client={queryClient}>
            <CartProvider storage={null}>
              <Suspense fallback={null}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </Suspense>
              <Toaster />
            </CartProvider>
          </QueryClientProvider>
        </SiteOriginProvider>
      </StrictMode>,
      request.timeoutMs ?? 3_000,
    );
    const { head, body } = splitHead(html);
    const state = serialisePageState({ origin: request.origin, queries: dehydrate(queryClient) });
    queryClient.clear();
    return { kind: 'rendered', status, head, body, state, route: pattern };
  });
}
