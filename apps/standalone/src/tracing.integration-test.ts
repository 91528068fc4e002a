import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSessionCookie, createTestUsers, type IdentityDatabase } from '@jesus-walks/identity/testing';
import { createDatabase } from '@jesus-walks/service-kit/database';
import { testSecrets } from '@jesus-walks/service-kit/testing/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from './test-stack.testing';

/**
 * OpenTelemetry across the deployables: with OTEL_EXPORTER_OTLP_ENDPOINT set, the gateway and
 * every service send their spans to the collector (here a local one speaking OTLP/HTTP JSON), and
 * one visitor's request is one trace: the gateway's server span, and under it the services' spans
 * for the calls it made, each carrying the request id.
 */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}
interface OtlpRequest {
  resourceSpans: Array<{
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: Array<{
      spans: Array<Omit<ExportedSpan, 'service' | 'attributes'> & { attributes: OtlpKeyValue[] }>;
    }>;
  }>;
}

const received: ExportedSpan[] = [];
const contentTypes = new Set<string>();
let collector: Server;

const attributesOf = (list: OtlpKeyValue[]) =>
  Object.fromEntries(list.map(({ key, value }) => [key, value.stringValue ?? Number(value.intValue)]));

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      contentTypes.add(String(request.headers['content-type']));
      if (request.url === '/v1/traces') {
        for (const resourceSpans of (JSON.parse(body) as OtlpRequest).resourceSpans) {
          const service = String(attributesOf(resourceSpans.resource.attributes)['service.name']);
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) {
              received.push({ ...span, service, attributes: attributesOf(span.attributes) });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

describe('tracing across the gateway and the services', () => {
  it('sends one trace per request: the gateway span and, under it, the spans of the services it called', async () => {
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const testStack = await startTestStack({
      publicOrigin: 'http://localhost:3000',
      rateLimitMax: 1_000,
      environment: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
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

    const gatewaySpan = received.find(
      (span) => span.service === 'gateway' && span.attributes['request.id'] === requestId,
    );
    expect(gatewaySpan).toMatchObject({
      name: 'GET /api/auth/me',
      kind: 2, // server
      attributes: { 'http.request.method': 'GET', 'http.response.status_code': 200 },
    });
    expect(gatewaySpan?.traceId).not.toBe(forgedParent);
    expect(gatewaySpan?.parentSpanId ?? '').toBe('');

    const inTrace = received.filter((span) => span.traceId === gatewaySpan?.traceId);
    const identitySpans = inTrace.filter((span) => span.service === 'identity');
    // The session resolved by the gateway, then the proxied request itself.
    expect(identitySpans.map((span) => span.name).sort()).toEqual([
      'GET /api/auth/me',
      'GET /internal/sessions/resolve',
    ]);
    for (const span of identitySpans) {
      expect(span.parentSpanId, span.name).toBe(gatewaySpan?.spanId);
      expect(span.attributes['request.id'], span.name).toBe(requestId);
    }
    expect([...contentTypes]).toEqual(['application/json']);
  }, 60_000);
});
