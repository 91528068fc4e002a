import diagnosticsChannel from 'node:diagnostics_channel';
import { defineRoute } from '@jesus-walks/contracts/route-contract';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '@jesus-walks/test-kit/otlp-receiver';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '@jesus-walks/test-kit/test-database';
import { internalHeader, testSecrets } from '@jesus-walks/test-kit/test-service';
import { isWrapped } from '@opentelemetry/instrumentation';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from './create-service';
import { createDatabase } from './database';
import { createInternalClient, type InternalClient } from './internal-client';
import { registerRoute } from './routes';

/**
 * Tracing on: two services in this one process (as in the standalone), each reporting under its
 * own service.name to a local OTLP receiver. A request to the first is one trace: its server span
 * (@fastify/otel), under it its SQL (the pg instrumentation) and its call to the second (undici's),
 * under that call the second's server span, and under that the second's SQL.
 */
const routes = {
  trail: defineRoute({
    method: 'GET',
    path: '/internal/kit/trails/:id',
    service: 'catalog-and-orders',
    access: 'internal',
    summary: 'Reads a trail and asks its peer for the weather',
    request: { params: z.object({ id: z.coerce.number().int() }) },
    responses: { 200: z.object({ trail: z.number(), weather: z.string() }) },
  }),
  weather: defineRoute({
    method: 'GET',
    path: '/internal/kit/weather',
    service: 'identity',
    access: 'internal',
    summary: 'Reads the weather',
    request: { querystring: z.object({ near: z.string() }) },
    responses: { 200: z.object({ weather: z.string() }) },
  }),
};

let receiver: OtlpReceiver;
let database: EmptyTestDatabase;
let trailsDb: Kysely<unknown>;
let weatherDb: Kysely<unknown>;
let trails: ServiceApp;
let weather: ServiceApp;
let weatherClient: InternalClient;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  database = await createEmptyTestDatabase('tracing');
  trailsDb = createDatabase({ connectionString: database.url, schema: 'public', poolMax: 2 });
  weatherDb = createDatabase({ connectionString: database.url, schema: 'public', poolMax: 2 });
  const common = {
    logger: false as const,
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
    otlpEndpoint: receiver.endpoint,
  };

  weather = createService({ ...common, name: 'identity' });
  registerRoute(weather, routes.weather, async () => {
    const { rows } = await sql<{ weather: string }>`select 'sunny' as weather`.execute(weatherDb);
    return { weather: rows[0]?.weather ?? '' };
  });
  const weatherUrl = await weather.listen({ host: '127.0.0.1', port: 0 });
  weatherClient = createInternalClient({ baseUrl: weatherUrl, internalToken: testSecrets.INTERNAL_TOKEN });

  trails = createService({ ...common, name: 'catalog-and-orders' });
  registerRoute(trails, routes.trail, async (request) => {
    const { rows } = await sql<{ trail: number }>`select ${request.params.id}::int as trail`.execute(
      trailsDb,
    );
    const answer = await weatherClient.call(routes.weather, { query: { near: 'secret-summit' } });
    return { trail: rows[0]?.trail ?? 0, weather: answer.weather };
  });
  await trails.ready();
});

afterAll(async () => {
  await weatherClient?.close();
  await trailsDb?.destroy();
  await weatherDb?.destroy();
  await database?.destroy();
  await receiver?.close();
});

const childrenOf = (parent: ReceivedSpan | undefined, spans: ReceivedSpan[]) =>
  spans.filter((span) => parent !== undefined && span.parentSpanId === parent.spanId);

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT set', () => {
  it("makes one trace of a request, its SQL, its call to a peer and the peer's SQL, each under its deployable", async () => {
    // A service follows its caller's trace (the gateway's, or a peer's).
    const caller = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' };
    const response = await trails.inject({
      url: '/internal/kit/trails/7',
      headers: { ...internalHeader, traceparent: `00-${caller.traceId}-${caller.spanId}-01` },
    });
    expect(response.json()).toEqual({ trail: 7, weather: 'sunny' });
    // Between requests (a job's polling, say): no span.
    await sql`select 'between requests' as idle`.execute(trailsDb);

    // Closing flushes each provider; the last one closed unpatches pg and leaves undici's channels.
    await trails.close();
    await weather.close();
    expect(isWrapped(pg.Client.prototype.query)).toBe(false);
    expect(diagnosticsChannel.hasSubscribers('undici:request:create')).toBe(false);

    const spans = receiver.spans;
    expect(spans.every((span) => span.traceId === caller.traceId)).toBe(true);
    expect(spans.some((span) => String(span.attributes['db.query.text']).includes('between requests'))).toBe(
      false,
    );

    const trailSpan = spans.find((span) => span.kind === 2 && span.service === 'catalog-and-orders');
    expect(trailSpan).toMatchObject({
      name: 'GET /internal/kit/trails/:id',
      parentSpanId: caller.spanId,
      attributes: {
        'http.request.method': 'GET',
        'http.route': '/internal/kit/trails/:id',
        'url.path': '/internal/kit/trails/7',
        'http.response.status_code': 200,
        'request.id': response.headers['x-request-id'],
      },
    });
    const underTrail = childrenOf(trailSpan, spans);
    expect(underTrail.every((span) => span.service === 'catalog-and-orders')).toBe(true);
    const trailSql = underTrail.find((span) => span.name.startsWith('pg.query:SELECT'));
    expect(trailSql).toMatchObject({
      kind: 3,
      attributes: { 'db.system.name': 'postgresql', 'db.query.text': 'select $1::int as trail' },
    });

    const call = underTrail.find(
      (span) => span.kind === 3 && span.attributes['url.path'] === '/internal/kit/weather',
    );
    expect(call).toMatchObject({ name: 'GET', attributes: { 'http.response.status_code': 200 } });
    // The query stays out of what is exported (it may hold a token).
    expect(String(call?.attributes['url.full'])).not.toContain('?');
    expect(call?.attributes['url.query']).toBeUndefined();

    const [weatherSpan, ...others] = childrenOf(call, spans);
    expect(others).toEqual([]);
    expect(weatherSpan).toMatchObject({
      service: 'identity',
      kind: 2,
      name: 'GET /internal/kit/weather',
      attributes: { 'url.path': '/internal/kit/weather' },
    });
    const weatherSql = childrenOf(weatherSpan, spans).find((span) => span.name.startsWith('pg.query:'));
    expect(weatherSql).toMatchObject({
      service: 'identity',
      attributes: { 'db.query.text': "select 'sunny' as weather" },
    });
    expect([...receiver.contentTypes]).toEqual(['application/json']);
  });
});
