import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { WebRoutePath } from '@jesus-walks/contracts/web-routes';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '@/app/router';
import { serialisePageState } from '@/app/ssr/page-state';
import { prefetchPageData, serverRenderedPaths } from '@/app/ssr/server-data';
import { Toaster } from '@/components/ui/toaster';
import { type ApiTransport, setApiTransportResolver } from '@/lib/api-client';
import { CartProvider } from '@/lib/cart/cart-context';
import { queryConfig } from '@/lib/query-client';
import { SiteOriginProvider } from '@/lib/site-origin';

/**
 * Renders a page on the server (the gateway calls this; docs/decisions/019-server-rendering.md).
 * The page's data is fetched first through the gateway's own API with the visitor's cookie, the
 * app is rendered to HTML once everything has loaded (lazy pages included), and the query cache
 * goes along so the browser hydrates without asking again.
 */

const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransportResolver(() => transports.getStore());

export interface RenderRequest {
  /** Path and query of the page. */
  url: string;
  /** The visitor's Cookie header ('' when none). */
  cookies: string;
  /** PUBLIC_ORIGIN: absolute URLs in the head. */
  origin: string;
  /** Calls the gateway's API for this visitor. */
  fetchApi: ApiTransport['fetch'];
  /** Give up rendering after this long (the gateway then sends the shell). */
  timeoutMs?: number;
}

export type RenderResult =
  | { kind: 'rendered'; status: number; head: string; body: string; state: string; route: string | null }
  /** Not a server-rendered page: the gateway sends the shell and the browser renders it. */
  | { kind: 'shell'; status: number; route: string | null };

/** Whether a route pattern is one the server renders (the gateway asks before fetching anything). */
export function rendersOnServer(pattern: string | null): boolean {
  return pattern === null || serverRenderedPaths.has(pattern as WebRoutePath);
}

const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/**
 * React 19 writes a page's <title>, <meta> and <link> elements ahead of the rest when it does not
 * render the whole document: split them off for the document's head.
 */
export function splitHoisted(html: string): { head: string; body: string } {
  let head = '';
  let rest = html;
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
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

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { kind: 'shell', status: context.status, route: null };
  const leaf = context.matches.at(-1);
  const pattern = leaf && leaf.route.path !== '*' ? (leaf.route.path ?? null) : null;
  if (!rendersOnServer(pattern)) return { kind: 'shell', status: 200, route: pattern };

  const queryClient = new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } },
  });
  return transports.run({ fetch: request.fetchApi }, async () => {
    const status = await prefetchPageData(queryClient, pattern as WebRoutePath | null, {
      params: leaf?.params ?? {},
      cookies: request.cookies,
    });
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
    const { head, body } = splitHoisted(html);
    const state = serialisePageState({ origin: request.origin, queries: dehydrate(queryClient) });
    queryClient.clear();
    return { kind: 'rendered', status, head, body, state, route: pattern };
  });
}
