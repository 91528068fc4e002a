import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isWebRoute } from '@jesus-walks/contracts/web-routes';
import { sendJsonNotFound } from '@jesus-walks/service-kit/error-handling';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What apps/web/src/entry-server.tsx exports (built into apps/web/dist-server/entry-server.js). */
interface ServerRenderer {
  render(request: {
    url: string;
    cookies: string;
    origin: string;
    fetchApi: (path: string, init: RequestInit) => Promise<Response>;
    timeoutMs?: number;
  }): Promise<
    | { kind: 'rendered'; status: number; head: string; body: string; state: string; route: string | null }
    | { kind: 'shell'; status: number; route: string | null }
  >;
}

export interface WebAppOptions {
  distDir: string;
  /** The server render's bundle; without it every page is the shell, rendered in the browser. */
  serverEntry: string;
  publicOrigin: string;
}

/** The shell split where a server render goes: the head's end and the empty root element. */
interface ShellTemplate {
  shell: Buffer;
  beforeHeadEnd: string;
  headEndToRoot: string;
  afterRoot: string;
}

const ROOT = '<div id="root"></div>';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;

/**
 * The shell split where a server render goes. In the rendered pages the app's stylesheet is
 * inlined: the page paints from its first response, with no second round trip before anything
 * shows (the Content Security Policy allows inline styles). The shell keeps the link.
 */
function templateOf(indexHtml: string, distDir: string, appModules: string[]): ShellTemplate | null {
  const stylesheet = STYLESHEET.exec(indexHtml);
  const cssPath = stylesheet ? join(distDir, stylesheet[1] ?? '') : '';
  const rendered =
    stylesheet && existsSync(cssPath)
      ? indexHtml.replace(stylesheet[0], () => `<style>${readFileSync(cssPath, 'utf8')}</style>`)
      : indexHtml;
  const headEnd = rendered.indexOf('</head>');
  const root = rendered.indexOf(ROOT);
  if (headEnd === -1 || root === -1 || root < headEnd) return null;
  return {
    // A shell page shows nothing until its scripts have run: they go at their usual priority. A
    // rendered page keeps the build's low priority (apps/web/vite.config.ts): it paints without them.
    // It starts the app at once, so the app's modules are asked for with the entry, not after it.
    shell: Buffer.from(
      indexHtml
        .replaceAll(' fetchpriority="low"', '')
        .replace(
          '</head>',
          `${appModules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('')}</head>`,
        ),
    ),
    beforeHeadEnd: rendered.slice(0, headEnd),
    headEndToRoot: rendered.slice(headEnd, root),
    afterRoot: rendered.slice(root + ROOT.length),
  };
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

/** The shell's own title and description give way to the page's when the page sets them. */
function withoutDefaults(head: string, pageHead: string): string {
  let result = head;
  if (pageHead.includes('<title>')) result = result.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  if (/<meta name="description"/.test(pageHead))
    result = result.replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>\s*/, '');
  return result;
}

/**
 * Serves the web app. Hashed assets are cached for a year; pages never. Public pages are rendered
 * on the server with their data (docs/decisions/019-server-rendering.md) and arrive with their
 * content and head; the others get the shell. The app's own routes answer 200, any other page
 * path the 404 page with a real 404 status (as does an event that does not exist), so crawlers and
 * monitors see the truth. Unknown /api paths answer JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexPath = join(options.distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (!indexHtml)
    app.log.warn({ distDir: options.distDir }, 'web build not found: run `pnpm build` to serve the site');
  const preloads = preloadsOf(options.distDir);
  const template = indexHtml ? templateOf(indexHtml, options.distDir, preloads.app) : null;
  // A rendered page names its page's own modules on its page-state element: the entry asks for
  // them together with the app once the page has painted (apps/web/src/main.tsx). As head links
  // they would be fetched before the first paint and compete with it.
  const pageModules = new Map(
    Object.entries(preloads.routes).map(([route, files]) => [
      route,
      ` data-page-modules="${files.join(' ')}"`,
    ]),
  );
  const renderer =
    template && existsSync(options.serverEntry)
      ? ((await import(pathToFileURL(options.serverEntry).href)) as ServerRenderer)
      : null;
  if (indexHtml && !renderer)
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
      },
    });
  }

  /** The gateway's own API, as the visitor would call it (their cookie, their address, its limits). */
  const apiFor =
    (request: FastifyRequest) =>
    async (path: string, init: RequestInit): Promise<Response> => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        remoteAddress: request.ip,
        headers: {
          accept: 'application/json',
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          'x-request-id': request.id,
        },
      });
      return new Response(answer.rawPayload, {
        status: answer.statusCode,
        statusText: answer.statusMessage,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    };

  async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string) {
    const knownRoute = isWebRoute(path);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (renderer && template) {
      try {
        const result = await renderer.render({
          url: request.url,
          cookies: request.headers.cookie ?? '',
          origin: options.publicOrigin,
          fetchApi: apiFor(request),
        });
        if (result.kind === 'rendered') {
          return reply
            .code(knownRoute ? result.status : 404)
            .header('vary', 'cookie')
            .send(
              `${withoutDefaults(template.beforeHeadEnd, result.head)}${result.head}` +
                `${template.headEndToRoot}<div id="root">${result.body}</div>` +
                `<script type="application/json" id="page-state"${pageModules.get(result.route ?? '') ?? ''}>` +
                `${result.state}</script>${template.afterRoot}`,
            );
        }
      } catch (error) {
        // The shell still works: the browser renders the page itself.
        request.log.error({ err: error }, 'server render failed; sending the shell');
      }
    }
    return reply.code(knownRoute ? 200 : 404).send(template?.shell ?? indexHtml);
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
