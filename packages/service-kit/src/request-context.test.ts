import { Writable } from 'node:stream';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type ServiceApp } from './create-service';
import { requestIdMixin } from './request-context';

/** The request id on every line logged while a request is handled, whichever logger wrote it. */
const lines: string[] = [];
let app: ServiceApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  app = createService({
    name: 'kit-logs',
    logger: pino({ level: 'info', mixin: requestIdMixin }, stream),
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
  });
  app.get('/api/kit/logged', async (request) => {
    // A module logging through the app's logger, after an await, as services do.
    await new Promise((resolve) => setImmediate(resolve));
    app.log.info('from a module');
    request.log.info('from the request');
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());

const linesWith = (message: string) => lines.filter((line) => line.includes(`"msg":"${message}"`));

describe('the request id in the logs', () => {
  it('is on a line a module logs through app.log while handling the request, once on the request’s own lines, and absent outside', async () => {
    await app.inject({ url: '/api/kit/logged', headers: { 'x-request-id': 'walk-42' } });
    app.log.info('outside any request');
    const [fromModule] = linesWith('from a module');
    expect(JSON.parse(fromModule ?? '{}')).toMatchObject({ reqId: 'walk-42' });
    const [fromRequest] = linesWith('from the request');
    expect(fromRequest?.match(/"reqId"/g)).toHaveLength(1);
    expect(JSON.parse(fromRequest ?? '{}')).toMatchObject({ reqId: 'walk-42' });
    const [outside] = linesWith('outside any request');
    expect(JSON.parse(outside ?? '{}')).not.toHaveProperty('reqId');
  });
});
