import { createSessionCookie, createTestUsers, type IdentityDatabase } from '@jesus-walks/identity/testing';
import { createDatabase } from '@jesus-walks/service-kit/database';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '@jesus-walks/test-kit/otlp-receiver';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from './test-stack.testing';

/**
 * OpenTelemetry across the deployables: with OTEL_EXPORTER_OTLP_ENDPOINT set, the gateway and
 * every service send their spans to the collector (here a local one speaking OTLP/HTTP JSON), and
 * one visitor's request is one trace: the gateway's server span; under it the gateway's calls
 * (the session's resolution through the internal client, the proxied request); under each call the
 * service's server span, carrying the request id; and under those the service's SQL.
 */
let collector: OtlpReceiver;

beforeAll(async () => {
  collector = await startOtlpReceiver();
});
afterAll(async () => {
  await collector.close();
});

const childrenOf = (parent: ReceivedSpan | undefined, spans: ReceivedSpan[]) =>
  spans.filter((span) => parent !== undefined && span.parentSpanId === parent.spanId);

describe('tracing across the gateway and the services', () => {
  it('sends one trace per request: the gateway span and, under it, the spans of the services it called', async () => {
    const testStack = await startTestStack({
      publicOrigin: 'http://localhost:3000',
      rateLimitMax: 1_000,
      environment: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint },
    });
    let requestId = '';
    let forgedParent = '';
    try {
      const identityDb = createDatabase<IdentityDatabase>({
        connectionString: testStack.database.url,
        schema: 'identity',
      });
      const [user] = await createTestUsers(identityDb, [{ username: 'traced', email: 'traced@example.com' }]);
      const cookie = await createSessionCookie(identityDb, user?.id ?? 0, testSecrets.SESSION_SECRET);
      await identityDb.destroy();

      // A client's own traceparent is not followed: a visitor does not choose the trace it joins.
      forgedParent = '0af7651916cd43dd8448eb211c80319c';
      const response = await fetch(`${testStack.stack.url}/api/auth/me`, {
        headers: { cookie, traceparent: `00-${forgedParent}-b7ad6b7169203331-01` },
      });
      expect(response.status).toBe(200);
      requestId = response.headers.get('x-request-id') ?? '';
    } finally {
      // Closing flushes every deployable's buffered spans to the collector.
      await testStack.close();
    }

    const received = collector.spans;
    const gatewaySpan = received.find(
      (span) => span.service === 'gateway' && span.kind === 2 && span.attributes['request.id'] === requestId,
    );
    expect(gatewaySpan).toMatchObject({
      name: 'GET /api/auth/me',
      parentSpanId: '',
      attributes: { 'http.request.method': 'GET', 'http.response.status_code': 200 },
    });
    expect(gatewaySpan?.traceId).not.toBe(forgedParent);

    const inTrace = received.filter((span) => span.traceId === gatewaySpan?.traceId);
    const calls = childrenOf(gatewaySpan, inTrace).filter((span) => span.kind === 3);
    // The session resolved by the gateway, then the proxied request itself: a call each, and under
    // each the identity service's span of it.
    const identitySpans = calls.flatMap((call) => childrenOf(call, inTrace));
    expect(identitySpans.map((span) => [span.service, span.kind, span.name]).sort()).toEqual([
      ['identity', 2, 'GET /api/auth/me'],
      ['identity', 2, 'GET /internal/sessions/resolve'],
    ]);
    for (const span of identitySpans) {
      expect(span.attributes['request.id'], span.name).toBe(requestId);
      // What the service read to answer: each statement a span of identity's, under its request.
      const statements = childrenOf(span, inTrace).filter((child) => child.name.startsWith('pg.query:'));
      expect(statements.length, span.name).toBeGreaterThan(0);
      for (const statement of statements) {
        expect(statement).toMatchObject({ service: 'identity', kind: 3 });
        expect(statement.attributes['db.query.text']).toEqual(expect.any(String));
      }
    }
    const resolution = identitySpans.find((span) => span.name === 'GET /internal/sessions/resolve');
    expect(
      childrenOf(resolution, inTrace).some((child) =>
        /from "sessions"/.test(String(child.attributes['db.query.text'])),
      ),
    ).toBe(true);
    expect([...collector.contentTypes]).toEqual(['application/json']);
  }, 60_000);
});
