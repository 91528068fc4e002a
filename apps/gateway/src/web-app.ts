import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isWebRoute } from '@jesus-walks/contracts/web-routes';
import { sendJsonNotFound } from '@jesus-walks/service-kit/error-handling';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the web build. Hashed assets are cached for a year; index.html never. The app's own
 * routes get index.html with 200; any other page path gets index.html with a real 404 status
 * (the app then renders its 404 page), so crawlers and monitors see the truth. Unknown /api
 * paths answer JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : undefined;
  if (!indexHtml) app.log.warn({ distDir }, 'web build not found: run `pnpm build` to serve the site');

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/internal/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD'))
      return sendJsonNotFound(request, reply);
    if (!indexHtml) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `pnpm build` (or `pnpm start`, which builds it).');
    }
    return reply
      .code(isWebRoute(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
