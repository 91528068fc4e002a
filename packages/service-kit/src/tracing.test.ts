import diagnosticsChannel from 'node:diagnostics_channel';
import Module from 'node:module';
import { internalHeader, testSecrets } from '@jesus-walks/test-kit/test-service';
import { isWrapped } from '@opentelemetry/instrumentation';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createService } from './create-service';
import { createTracing } from './tracing';

/**
 * Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) changes nothing in the process: no instrumentation
 * is built (one hooks `require` as soon as it exists), pg is not patched, nothing listens on
 * undici's channels. On is tracing.integration-test.ts, in a process of its own.
 */
describe('tracing off', () => {
  it('makes no provider and patches nothing, however many apps are built and serve', async () => {
    const requireBefore = Module.prototype.require;
    expect(createTracing({ serviceName: 'identity', endpoint: undefined })).toBeUndefined();

    const app = createService({
      name: 'identity',
      logger: false,
      identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
      internalToken: testSecrets.INTERNAL_TOKEN,
      otlpEndpoint: undefined,
    });
    app.get('/internal/kit/traced', async () => ({ ok: true }));
    const response = await app.inject({ url: '/internal/kit/traced', headers: internalHeader });
    expect(response.statusCode).toBe(200);
    // No trace header is answered or made up, and the request has no OpenTelemetry decoration.
    expect(response.headers.traceparent).toBeUndefined();
    expect(app.hasRequestDecorator('opentelemetry')).toBe(false);
    await app.close();

    expect(Module.prototype.require).toBe(requireBefore);
    expect(isWrapped(pg.Client.prototype.query)).toBe(false);
    expect(diagnosticsChannel.hasSubscribers('undici:request:create')).toBe(false);
  });
});
