import { publicRouteTable } from '@jesus-walks/contracts/route-table';
import { serviceNames } from '@jesus-walks/contracts/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoad } from './load.testing';
import type { Stack } from './stack';
import { startTestStack, type TestStack } from './test-stack.testing';

/**
 * A service stopped under load, through the real gateway: its routes answer 503 (a JSON error,
 * nothing else) within 2 s each, every other service's routes keep answering, and so does its
 * shared read (the gateway keeps it until a change: its own tables cannot change while it is down),
 * and its routes recover when it is back. Loopback only, about ten seconds.
 */
let testStack: TestStack;
let stack: Stack;

beforeAll(async () => {
  testStack = await startTestStack({ publicOrigin: 'http://localhost:3000', rateLimitMax: 1_000_000 });
  ({ stack } = testStack);
  const [event] = (await (await fetch(`${stack.url}/api/events`)).json()) as Array<{ id: number }>;
  if (!event) throw new Error('the demo data has no event');
  stoppedRoutes.push(`/api/events/${event.id}`);
});

afterAll(async () => {
  await testStack?.close();
});

const STOPPED = 'content-and-events';
/** An event's page data (filled in once the demo data is there): the stopped service's own. */
const stoppedRoutes: string[] = [];
/** Its shared read, answered by the gateway, and the other services' routes. */
const otherRoutes = ['/api/events', '/api/products', '/api/checkout/config', '/robots.txt', '/api/auth/me'];

describe('a service stopped under load', () => {
  it('answers 503 for its routes within 2 s, keeps every other route working, and recovers', async () => {
    const paths = [...stoppedRoutes, ...otherRoutes];
    const load = startLoad({
      workers: 6,
      paths,
      request: async (path) => {
        const response = await fetch(`${stack.url}${path}`);
        return { status: response.status, body: await response.text() };
      },
    });
    const { samples } = load;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await pause(1_500);
    await stack.services[STOPPED]?.app.close();
    const stoppedAt = performance.now();
    await pause(3_000);
    // Requests sent while it starts again may get either answer: they count in neither window.
    const restartingAt = performance.now();
    await stack.restartService(STOPPED);
    const restartedAt = performance.now();
    await pause(2_500);
    await load.stop();

    const during = samples.filter((sample) => sample.at > stoppedAt && sample.at < restartingAt);
    const stoppedDuring = during.filter((sample) => stoppedRoutes.includes(sample.path));
    expect(stoppedDuring.length).toBeGreaterThan(2);
    for (const sample of stoppedDuring) {
      expect(
        sample.status,
        `${sample.path} sent ${Math.round(sample.at - stoppedAt)} ms after the stop (restart at ${Math.round(restartedAt - stoppedAt)} ms): ${sample.body.slice(0, 80)}`,
      ).toBe(503);
      expect(sample.ms, `${sample.path} answered in ${Math.round(sample.ms)} ms`).toBeLessThan(2_000);
      expect(JSON.parse(sample.body)).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
      expect(sample.body).not.toMatch(/ECONNREFUSED|\bat .+\(|127\.0\.0\.1/);
    }
    // Every other service keeps answering, before, during and after.
    const others = samples.filter((sample) => otherRoutes.includes(sample.path));
    expect(others.length).toBeGreaterThan(10);
    expect(others.filter((sample) => sample.status >= 500)).toEqual([]);

    // Back: once it answers again, it keeps answering.
    const after = samples.filter((sample) => sample.at > restartedAt && stoppedRoutes.includes(sample.path));
    expect(after.length).toBeGreaterThan(1);
    expect(after.at(-1)?.status).toBe(200);
    const firstBack = after.findIndex((sample) => sample.status === 200);
    expect(after.slice(firstBack).every((sample) => sample.status === 200)).toBe(true);
  }, 60_000);
});

describe('every method, with and without a body, while its service is down', () => {
  const bodies: Array<{ kind: string; body?: string; chunked?: boolean }> = [
    { kind: 'no' },
    { kind: 'an empty', body: '' },
    { kind: 'a 1 KB', body: JSON.stringify({ note: 'x'.repeat(1_000) }) },
    { kind: 'a 100 KB', body: JSON.stringify({ note: 'x'.repeat(100_000) }) },
    { kind: 'a chunked 100 KB', body: JSON.stringify({ note: 'x'.repeat(100_000) }), chunked: true },
  ];

  /** One request with fetch: a chunked body is a stream, which fetch sends without a length. */
  async function send(method: string, path: string, body?: string, chunked?: boolean) {
    const startedAt = performance.now();
    const bytes = body === undefined ? undefined : new TextEncoder().encode(body);
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      ...(bytes && {
        body: chunked
          ? new ReadableStream({
              start(controller) {
                controller.enqueue(bytes);
                controller.close();
              },
            })
          : bytes,
        ...(chunked && { duplex: 'half' }),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    return { response, text: await response.text(), ms: performance.now() - startedAt };
  }

  for (const service of serviceNames) {
    it(`${service}: 503 with Retry-After within 2 s for each of its methods, and nothing carried out later`, async () => {
      const routes = publicRouteTable().filter((route) => route.service === service);
      const methods = [...new Set(routes.map((route) => route.method))];
      expect(
        methods.some((method) => method !== 'GET'),
        `${service} has a route with a body`,
      ).toBe(true);
      await stack.services[service]?.app.close();
      try {
        for (const method of methods) {
          const route = routes.find((candidate) => candidate.method === method);
          const path = route?.path.replace(/:[A-Za-z_]\w*/g, '1') ?? '';
          for (const { kind, body, chunked } of method === 'GET' ? bodies.slice(0, 1) : bodies) {
            const what = `${method} ${path} with ${kind} body`;
            const { response, text, ms } = await send(method, path, body, chunked);
            expect(response.status, `${what}: ${text.slice(0, 120)}`).toBe(503);
            expect(ms, what).toBeLessThan(2_000);
            expect(response.headers.get('retry-after'), what).toBe('5');
            expect(JSON.parse(text), what).toEqual({
              message: expect.any(String),
              code: 'upstream_unavailable',
            });
          }
        }
        if (service === 'identity') {
          // A registration refused while identity was down is not made when it is back.
          const refused = await send('POST', '/api/users', JSON.stringify(newcomer));
          expect(refused.response.status).toBe(503);
        }
      } finally {
        await stack.restartService(service);
      }
      const back = await send(
        methods.includes('GET') ? 'GET' : 'POST',
        routes[0]?.path.replace(/:[A-Za-z_]\w*/g, '1') ?? '',
      );
      expect(back.response.status, `${service} answers again`).toBeLessThan(500);
      if (service === 'identity') {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const registered = await send('POST', '/api/users', JSON.stringify(newcomer));
        expect(registered.response.status, registered.text).toBe(201);
      }
    }, 30_000);
  }
});

const newcomer = {
  username: 'sent-while-down',
  email: 'sent-while-down@example.com',
  password: 'a long enough password 1',
};
