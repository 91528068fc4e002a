import { seoRoutes } from '@jesus-walks/contracts/seo';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SeoDeps } from '../../deps';
import type { SitemapDocument } from './sitemap.service';

/** Sends a cached document, or 304 when the client already holds these bytes (If-None-Match). */
function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: SitemapDocument,
  contentType: string,
  maxAgeSeconds: number,
) {
  reply.header('etag', document.etag).header('cache-control', `public, max-age=${maxAgeSeconds}`);
  const held = request.headers['if-none-match'];
  if (held?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === document.etag)) {
    return reply.code(304).send();
  }
  return reply.header('content-type', contentType).send(document.body);
}

export function registerSitemapRoutes(app: ServiceApp, deps: Pick<SeoDeps, 'sitemap'>): void {
  registerRoute(app, seoRoutes.sitemap, async (request, reply) =>
    sendDocument(
      request,
      reply,
      await deps.sitemap.sitemap(),
      'application/xml; charset=utf-8',
      deps.sitemap.ttlSeconds,
    ),
  );
  registerRoute(app, seoRoutes.robots, async (request, reply) =>
    sendDocument(request, reply, deps.sitemap.robots(), 'text/plain; charset=utf-8', 3600),
  );
}
