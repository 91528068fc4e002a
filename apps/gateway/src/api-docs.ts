import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type ServiceName, serviceNames } from '@jesus-walks/contracts/services';
import { OPENAPI_PATH } from '@jesus-walks/service-kit/openapi';
import type { FastifyInstance } from 'fastify';
import { request as undiciRequest } from 'undici';

/** The merged document: where the page reads it, and how long a gateway keeps it. */
export const API_DOCS_PATH = '/api/docs';
const DOCUMENT_PATH = `${API_DOCS_PATH}/openapi.json`;
const KEEP_MS = 60_000;

interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, { 'x-access'?: string } & Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string }[];
}

/**
 * The API's documentation at /api/docs: each service publishes its own OpenAPI document, built
 * from its route contracts (service-kit/openapi.ts); the gateway merges the public, user and admin
 * routes (never the internal ones) into one, kept a minute, and serves Swagger UI from the npm
 * package's files, with no script inline (the pages' Content Security Policy holds).
 */
export async function registerApiDocs(
  app: FastifyInstance,
  options: { upstreams: Record<ServiceName, string>; publicOrigin: string },
): Promise<void> {
  let kept: { document: OpenApiDocument; until: number } | undefined;

  async function fetchDocument(service: ServiceName): Promise<OpenApiDocument | null> {
    try {
      const response = await undiciRequest(`${options.upstreams[service]}${OPENAPI_PATH}`, {
        headersTimeout: 2_000,
        bodyTimeout: 2_000,
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        return null;
      }
      return (await response.body.json()) as OpenApiDocument;
    } catch {
      return null;
    }
  }

  async function mergedDocument(): Promise<OpenApiDocument> {
    if (kept && kept.until > Date.now()) return kept.document;
    const documents = await Promise.all(
      serviceNames.map(async (name) => [name, await fetchDocument(name)] as const),
    );
    const merged: OpenApiDocument & { paths: NonNullable<OpenApiDocument['paths']> } = {
      openapi: '3.1.0',
      info: {
        title: 'Jesus Walks API',
        version: '1.0.0',
        description:
          'Every route a browser may call, as the gateway exposes it. Routes marked with a lock need the session cookie that POST /api/auth/login sets.',
      },
      servers: [{ url: options.publicOrigin }],
      paths: {},
      components: { schemas: {}, securitySchemes: {} },
      tags: [],
    } as OpenApiDocument & { paths: NonNullable<OpenApiDocument['paths']> };
    const unavailable: ServiceName[] = [];
    for (const [name, document] of documents) {
      if (!document) {
        unavailable.push(name);
        continue;
      }
      merged.tags?.push({ name });
      for (const [path, operations] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(operations)) {
          if (operation['x-access'] === 'internal' || !path.startsWith('/api/')) continue;
          merged.paths[path] = { ...merged.paths[path], [method]: operation };
        }
      }
      Object.assign(merged.components?.schemas ?? {}, document.components?.schemas);
      Object.assign(merged.components?.securitySchemes ?? {}, document.components?.securitySchemes);
    }
    if (unavailable.length > 0) {
      // Not kept: the next request asks the missing services again.
      return { ...merged, info: { ...merged.info, 'x-unavailable': unavailable } };
    }
    kept = { document: merged, until: Date.now() + KEEP_MS };
    return merged;
  }

  app.get(DOCUMENT_PATH, { logLevel: 'warn' }, async () => mergedDocument());

  // Swagger UI: the package's files, and a page and initializer of ours (the package's own
  // index.html starts the UI with an inline script, which the Content Security Policy forbids).
  const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: `${API_DOCS_PATH}/ui/`,
    decorateReply: false,
    wildcard: false,
    allowedPath: (path) => /^\/(swagger-ui\.css|swagger-ui-bundle\.js|favicon-32x32\.png)$/.test(path),
  });
  app.get(API_DOCS_PATH, { logLevel: 'warn' }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(API_DOCS_PAGE),
  );
  app.get(`${API_DOCS_PATH}/ui/start.js`, { logLevel: 'warn' }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(START_SCRIPT),
  );
}

const API_DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Jesus Walks API</title>
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/ui/favicon-32x32.png" />
    <link rel="stylesheet" href="${API_DOCS_PATH}/ui/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/ui/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/ui/start.js"></script>
  </body>
</html>
`;

const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '${DOCUMENT_PATH}',
  dom_id: '#swagger-ui',
  deepLinking: true,
});
`;
