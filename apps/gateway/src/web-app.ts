import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { PageRenderer } from '@jesus-walks/contracts/server-render';
import { isWebRoute } from '@jesus-walks/contracts/web-routes';
import { sendJsonNotFound } from '@jesus-walks/service-kit/error-handling';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KEPT_PAGE_CACHE_CONTROL, type KeptAnswer, type KeptAnswers, sendKept } from './kept-answers';
import { pageDocumentOf } from './page-document';

export interface WebAppOptions {
  distDir: string;
  /** The server render's bundle; without it every page is the shell, rendered in the browser. */
  serverEntry: string;
  publicOrigin: string;
  /** Where rendered pages are kept until what they show changes. */
  keptAnswers: KeptAnswers;
}

/** The build's preloads.json (apps/web/vite.config.ts). */
interface Preloads {
  /** The app's modules, which the entry imports when it starts the app. */
  app: string[];
  /** Per route, its page's own modules. */
  routes: Record<string, string[]>;
}

function preloadsOf(distDir: string): Preloads {
  const path = join(distDir, 'preloads.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Preloads) : { app: [], routes: {} };
}

/** The server render's bundle (apps/web/dist-server/entry-server.js), or null when it is not built. */
async function loadRenderer(serverEntry: string): Promise<PageRenderer | null> {
  if (!existsSync(serverEntry)) return null;
  const module = (await import(pathToFileURL(serverEntry).href)) as Partial<PageRenderer>;
  if (typeof module.render !== 'function') throw new Error(`${serverEntry} does not export render()`);
  return module as PageRenderer;
}

/**
 * Serves the web app. Hashed assets are cached for a year. Public pages are rendered on the server
 * with their data (docs/decisions/019-server-rendering.md) and arrive with their content and head,
 * the same for every visitor, and are kept until what they show changes (kept-answers.ts,
 * docs/decisions/032-rendered-pages-kept.md); the others get the shell. The app's own routes answer 200, any other page
 * path the 404 page with a real 404 status (as does an event that does not exist), so crawlers and
 * monitors see the truth. Unknown /api paths answer JSON 404.
 */
/** The check-in's service worker's own policy (apps/web/public/lead/sw.js): this origin only. */
export const SERVICE_WORKER_POLICY = "default-src 'self'; frame-ancestors 'none'";

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexPath = join(options.distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (!indexHtml)
    app.log.warn({ distDir: options.distDir }, 'web build not found: run `pnpm build` to serve the site');
  const preloads = preloadsOf(options.distDir);
  const pageDocument = indexHtml
    ? pageDocumentOf(indexHtml, {
        appModules: preloads.app,
        readStylesheet(href) {
          const path = join(options.distDir, href);
          return existsSync(path) ? readFileSync(path, 'utf8') : null;
        },
      })
    : null;
  if (indexHtml && !pageDocument)
    app.log.warn('index.html has no head or no empty #root after it: pages are sent as built');
  const renderer = pageDocument ? await loadRenderer(options.serverEntry) : null;
  if (pageDocument && !renderer)
    app.log.warn('server render bundle not found: pages are rendered in the browser only');

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies at their best level (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        // A service worker lives under the policy its script came with: the check-in's fetches the
        // site's own files (a resource's 'none' would let it fetch nothing).
        if (/\/sw\.js(\.br|\.gz)?$/.test(path)) res.header('content-security-policy', SERVICE_WORKER_POLICY);
      },
    });
  }

  /**
   * The gateway's own API for a render, as anyone would call it: no visitor's cookie goes along,
   * since the page is the same for everyone (what is theirs comes after hydration). Notes what the
   * page may be kept for: until the earliest Expires of its answers, and only if all of them loaded.
   */
  const apiFor =
    (request: FastifyRequest, sources: { validUntil: number; complete: boolean }) =>
    async (path: string, init: RequestInit): Promise<Response> => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        remoteAddress: request.ip,
        headers: { accept: 'application/json', 'x-request-id': request.id },
      });
      // A missing event is an answer (the 404 page); anything else that is not a 200 leaves the
      // page half loaded: it is sent, never kept.
      if (answer.statusCode !== 200 && answer.statusCode !== 404) sources.complete = false;
      const expires = Date.parse(String(answer.headers.expires ?? ''));
      if (Number.isFinite(expires)) sources.validUntil = Math.min(sources.validUntil, expires);
      return new Response(answer.rawPayload, {
        status: answer.statusCode,
        statusText: answer.statusMessage,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

  /** A page as rendered: kept (and shared by everyone) or, when it may not be kept, sent as it is. */
  type RenderedPage = { kept: KeptAnswer } | { status: number; html: string | Buffer };

  async function renderPage(
    request: FastifyRequest,
    knownRoute: boolean,
    keepable: boolean,
    generation: number,
  ): Promise<RenderedPage> {
    if (renderer && pageDocument) {
      try {
        const sources = { validUntil: Number.POSITIVE_INFINITY, complete: true };
        const result = await renderer.render({
          url: request.url,
          origin: options.publicOrigin,
          fetchApi: apiFor(request, sources),
        });
        if (result.kind === 'rendered') {
          const html = pageDocument.rendered({
            head: result.head,
            body: result.body,
            state: result.state,
            // The page's own modules go on its page-state element: the entry asks for them
            // together with the app once the page has painted (apps/web/src/main.tsx). As head
            // links they would be fetched before the first paint and compete with it.
            modules: preloads.routes[result.route ?? ''],
          });
          const status = knownRoute ? result.status : 404;
          if (keepable && status === 200 && sources.complete) {
            const kept = options.keptAnswers.keep(request.url, generation, {
              body: html,
              contentType: 'text/html; charset=utf-8',
              cacheControl: KEPT_PAGE_CACHE_CONTROL,
              validUntil: sources.validUntil,
            });
            return { kept };
          }
          return { status, html };
        }
      } catch (error) {
        // The shell still works: the browser renders the page itself.
        request.log.error({ err: error }, 'server render failed; sending the shell');
      }
    }
    return { status: knownRoute ? 200 : 404, html: pageDocument?.shell ?? indexHtml ?? '' };
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string) {
    const knownRoute = isWebRoute(path);
    // Pages with a query (a reset token, an order's status link) are rendered each time: they
    // are few, and a flood of distinct URLs must not fill the memory.
    const keepable = knownRoute && !request.url.includes('?');
    let page: RenderedPage;
    if (keepable) {
      const kept = options.keptAnswers.get(request.url);
      if (kept) return sendKept(request, reply, kept);
      // Rendered once for everyone asking meanwhile: after a change, the crowd waits for one render.
      page = await options.keptAnswers.buildOnce(request.url, (generation) =>
        renderPage(request, knownRoute, keepable, generation),
      );
    } else {
      page = await renderPage(request, knownRoute, keepable, options.keptAnswers.generation());
    }
    if ('kept' in page) return sendKept(request, reply, page.kept);
    return reply
      .code(page.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.html);
  }

  // Pages are a route (not the not-found handler) so that route hooks, compression above all,
  // apply to them. Files of the build and the API's routes are more specific and win.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/internal/'))
      return sendJsonNotFound(request, reply);
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `pnpm build` (or `pnpm start`, which builds it).');
    }
    return sendPage(request, reply, path);
  });
  app.setNotFoundHandler((request, reply) => sendJsonNotFound(request, reply));
}
