import { createServer, type Server } from 'node:http';
import { type MemberDataService, type MemberRef, memberDataServices } from '@jesus-walks/contracts/privacy';

/**
 * The four services' privacy routes (contracts/privacy.ts) as one fake server, for identity's
 * tests: each call is recorded; a service told to fail answers 503 that many times, then answers
 * as the real one would (a part with one section, or what it erased).
 */
export interface FakePrivacyPeers {
  /** Environment that points identity at the fake for every service. */
  env: Record<string, string>;
  calls: Array<{ service: MemberDataService; operation: 'export' | 'erase'; member: MemberRef }>;
  /** The next `times` calls of this operation to this service answer 503. */
  failNext(service: MemberDataService, operation: 'export' | 'erase', times: number): void;
  close(): Promise<void>;
}

export async function startFakePrivacyPeers(): Promise<FakePrivacyPeers> {
  const failures = new Map<string, number>();
  const calls: FakePrivacyPeers['calls'] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const match = /^\/internal\/privacy\/([a-z-]+)\/(export|erase)$/.exec(request.url ?? '');
      const service = match?.[1] as MemberDataService | undefined;
      const operation = match?.[2] as 'export' | 'erase' | undefined;
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (!service || !operation || !memberDataServices.includes(service)) {
        send(404, { message: 'Not found', code: 'not_found' });
        return;
      }
      const member = JSON.parse(body) as MemberRef;
      calls.push({ service, operation, member });
      const key = `${service}/${operation}`;
      const left = failures.get(key) ?? 0;
      if (left > 0) {
        failures.set(key, left - 1);
        send(503, { message: `${service} is down`, code: 'upstream_unavailable' });
        return;
      }
      if (operation === 'export') {
        send(200, {
          service,
          sections: { records: [{ service, userId: member.userId, emails: member.emails.join(', ') }] },
        });
      } else {
        send(200, { service, erased: { records: 1 } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    env: {
      CATALOG_AND_ORDERS_URL: url,
      PAYMENTS_URL: url,
      CONTENT_AND_EVENTS_URL: url,
      AI_ASSISTANT_URL: url,
    },
    calls,
    failNext(service, operation, times) {
      failures.set(`${service}/${operation}`, times);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
