import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { serviceNames, urlVariableOf } from '@jesus-walks/contracts/services';
import { service as identity } from '@jesus-walks/identity/service';
import {
  createSessionCookie,
  createTestUsers,
  type IdentityDatabase,
  lockOutUnknownBrowsers,
} from '@jesus-walks/identity/testing';
import { freePort } from '@jesus-walks/local-postgres/network';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { createDatabase } from '@jesus-walks/service-kit/database';
import { createServiceDeps } from '@jesus-walks/service-kit/service-definition';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { identityHeaders, testAdmin, testEnvSource, testSecrets } from '@jesus-walks/test-kit/test-service';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadEnv } from './env';
import { allowedOrigins } from './origin-check';
import { SERVICE_WORKER_POLICY } from './web-app';

const ORIGIN = 'http://localhost:3000';
let database: TestDatabase<IdentityDatabase>;
let identityPort: number;
let identityApp: ServiceApp | undefined;
let gateway: FastifyInstance;
let webDist: string;
let adminId: number;

async function startIdentity(): Promise<void> {
  const env = identity.loadEnv(
    testEnvSource(database.url, { PORT: String(identityPort), HOST: '127.0.0.1' }),
  );
  const db = createDatabase<IdentityDatabase>({ connectionString: database.url, schema: identity.schema });
  identityApp = await identity.buildApp(
    env,
    createServiceDeps({ db, schema: identity.schema, logger: false, notice: () => {} }),
  );
  await identityApp.listen({ host: '127.0.0.1', port: identityPort });
}

function gatewayEnv(extra: Record<string, string> = {}) {
  const closedPort = 9; // discard: nothing listens there
  return loadEnv({
    ...testSecrets,
    PUBLIC_ORIGIN: ORIGIN,
    WEB_DIST_DIR: webDist,
    WEB_SERVER_ENTRY: join(webDist, '..', 'server', 'entry-server.js'),
    LOG_LEVEL: 'silent',
    ...Object.fromEntries(
      serviceNames.map((name) => [urlVariableOf(name), `http://127.0.0.1:${closedPort}`]),
    ),
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    ...extra,
  });
}

const sessionCookieFor = (userId: number) =>
  createSessionCookie(database.db, userId, testSecrets.SESSION_SECRET);

beforeAll(async () => {
  const webRoot = await mkdtemp(join(tmpdir(), 'gateway-web-'));
  webDist = join(webRoot, 'dist');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Jesus Walks</title><meta name="description" content="Default" />' +
      '<link rel="stylesheet" crossorigin href="/assets/app-abc123.css"></head>' +
      '<body><div id="root"></div><script type="module" fetchpriority="low" src="/assets/app-abc123.js"></script></body></html>',
  );
  // A stand-in for apps/web's server render with the same contract (PageRenderer, packages/contracts
  // server-render.ts): it calls the API it is given (so the test sees whose cookie went along) and
  // says which pages it renders.
  await mkdir(join(webDist, '..', 'server'));
  await writeFile(
    join(webDist, '..', 'server', 'entry-server.js'),
    `export async function render({ url, origin, fetchApi }) {
      if (url.startsWith('/cart') || url.startsWith('/admin')) return { kind: 'shell', status: 200 };
      if (url.includes('boom')) throw new Error('render failed');
      const me = await fetchApi('/api/auth/me', { method: 'GET' });
      const who = me.status === 200 ? (await me.json()).username : 'visitor';
      return {
        kind: 'rendered',
        status: url.startsWith('/events/999') ? 404 : 200,
        head: {
          html: '<title>Page ' + url + '</title><meta name="description" content="About ' + url + '"/>',
          hasTitle: true,
          hasDescription: true,
        },
        body: '<main>Hello ' + who + '</main>',
        state: JSON.stringify({ origin, queries: {} }),
        route: url.split('?')[0],
      };
    }`,
  );
  await writeFile(join(webDist, 'assets', 'app-abc123.css'), 'body{color:#2f5d3a}');
  await writeFile(
    join(webDist, 'preloads.json'),
    JSON.stringify({
      app: ['/assets/start-aaa111.js', '/assets/react-bbb222.js'],
      routes: { '/events': ['/assets/events-def456.js'], '/shop': ['/assets/shop-789abc.js'] },
    }),
  );
  await writeFile(
    join(webDist, 'assets', 'app-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  // The build's brotli copy (apps/web/vite.config.ts), told apart by its content.
  await writeFile(join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log("br copy");'));
  await mkdir(join(webDist, 'lead'), { recursive: true });
  await writeFile(join(webDist, 'lead', 'sw.js'), "self.addEventListener('fetch', () => {});");
  await writeFile(
    join(webDist, 'lead', 'sw.js.br'),
    brotliCompressSync("self.addEventListener('fetch', () => {});"),
  );
  database = await createTestDatabase<IdentityDatabase>({
    schema: identity.schema,
    migrations: identity.migrations,
  });
  const [admin] = await createTestUsers(database.db, [{ username: 'grace', isAdmin: true }]);
  adminId = admin?.id ?? 0;
  identityPort = await freePort();
  await startIdentity();
  gateway = await buildApp(gatewayEnv(), { logger: false });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await identityApp?.close();
  await database?.destroy();
});

describe('gateway: proxying and identity', () => {
  it('proxies API routes of the route table to the owning service', async () => {
    const response = await gateway.inject({ url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('resolves the session cookie through identity and forwards a signed identity', async () => {
    const cookie = await sessionCookieFor(adminId);
    const me = await gateway.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: adminId, username: 'grace', isAdmin: true });
    const users = await gateway.inject({ url: '/api/users', headers: { cookie } });
    expect(users.statusCode).toBe(200);
  });

  it('strips an x-identity header sent by a client, even a correctly signed one', async () => {
    const response = await gateway.inject({
      url: '/api/users',
      headers: await identityHeaders(testAdmin, 'GET', '/api/users'),
    });
    expect(response.statusCode).toBe(401);
  });

  it("replaces the client's X-Forwarded-For with the address it sees (services rate-limit by it)", async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { username: 'nobody-here', password: 'wrong' },
    });
    expect(response.statusCode).toBe(401);
    // The failure is counted under the address the gateway saw, never the one the client claimed.
    const hits = await database.db
      .selectFrom('rateLimitHits')
      .select('key')
      .where('bucket', 'like', '%:by-address')
      .execute();
    const addresses = [...new Set(hits.map((hit) => hit.key.split('\n')[0]))].map((address) => ({ address }));
    expect(addresses).toEqual([{ address: '127.0.0.1' }]);
  });

  it("passes identity's cookies through both ways: session, hint and device cookie at login, the expired session at logout", async () => {
    const credentials = { username: 'ruth-walker', password: 'trail-secret' };
    const account = { ...credentials, email: 'ruth-walker@example.com' };
    expect((await gateway.inject({ method: 'POST', url: '/api/users', payload: account })).statusCode).toBe(
      201,
    );
    const loggedIn = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.cookies.map((cookie) => cookie.name).sort()).toEqual(['device', 'sid', 'signed_in']);
    const cookieOf = (name: string) => `${name}=${loggedIn.cookies.find((c) => c.name === name)?.value}`;

    // While the account refuses unknown browsers (guessing from many addresses), the lockout's
    // message comes through, and the owner's device cookie reaches identity and lets them in.
    await lockOutUnknownBrowsers(database.db, loggedIn.json().user.id);
    const stranger = await gateway.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/^Too many failed logins to this account\./);
    const owner = await gateway.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: credentials,
      headers: { cookie: cookieOf('device') },
    });
    expect(owner.statusCode).toBe(200);

    const logout = await gateway.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `${cookieOf('sid')}; ${cookieOf('device')}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((cookie) => cookie.name === 'sid')).toMatchObject({ value: '', maxAge: 0 });
    expect(
      (await gateway.inject({ url: '/api/auth/me', headers: { cookie: cookieOf('sid') } })).statusCode,
    ).toBe(401);
  });

  it('never exposes /internal routes', async () => {
    const response = await gateway.inject({
      url: '/internal/sessions/resolve',
      headers: { 'x-internal-token': testSecrets.INTERNAL_TOKEN },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('carries one request id from the gateway to the service and back', async () => {
    const response = await gateway.inject({ url: '/api/auth/me', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
    const minted = await gateway.inject({
      url: '/api/auth/me',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(minted.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('gateway: cross-site requests', () => {
  it('refuses state-changing requests from another origin', async () => {
    const foreign = await gateway.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: 'Cross-site requests are not allowed', code: 'forbidden' });
    const crossSite = await gateway.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it("compares the Origin with PUBLIC_ORIGIN only, never with the request's own Host", async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://evil.example', host: 'evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site requests are not allowed', code: 'forbidden' });
  });

  it('lets the site itself through', async () => {
    for (const headers of [{ origin: ORIGIN }, { 'sec-fetch-site': 'same-origin' }, {}]) {
      const response = await gateway.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(response.statusCode).toBe(200);
    }
  });

  it('takes the other loopback names of a loopback PUBLIC_ORIGIN, same scheme and port only', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const response = await gateway.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin } });
      expect(response.statusCode, origin).toBe(200);
    }
    for (const origin of [
      'http://127.0.0.1:3001',
      'https://localhost:3000',
      'http://localhost.evil.example:3000',
    ]) {
      const response = await gateway.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin } });
      expect(response.statusCode, origin).toBe(403);
    }
    expect(allowedOrigins('https://jesuswalks.org')).toEqual(new Set(['https://jesuswalks.org']));
  });

  it('allows safe methods from anywhere', async () => {
    const response = await gateway.inject({
      url: '/api/auth/me',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('gateway: the web app', () => {
  it('serves index.html for the app routes with 200', async () => {
    for (const url of ['/', '/shop', '/events/42', '/admin/seo', '/login?recovery=success']) {
      const response = await gateway.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('renders public pages on the server: their head replaces the default one, their content fills the root', async () => {
    const response = await gateway.inject({ url: '/events' });
    expect(response.statusCode).toBe(200);
    // Without a database to hear changes on, nothing is kept: rendered each time, never stale.
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary ?? '').not.toContain('cookie');
    const html = response.body;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Page /events</title><meta name="description" content="About /events"/>');
    expect(head).not.toContain('<title>Jesus Walks</title>');
    expect(head).not.toContain('content="Default"');
    expect(html).toContain('<div id="root"><main>Hello visitor</main></div>');
    // The page's own modules are named for the entry to ask for with the app, no other page's;
    // not as head links, which the browser would fetch before painting the page.
    expect(html).toContain(
      '<script type="application/json" id="page-state" data-page-modules="/assets/events-def456.js">' +
        '{"origin":"http://localhost:3000","queries":{}}</script>',
    );
    // Nor the app's modules: the entry asks for them once the page has painted.
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('start-aaa111.js');
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/app-abc123.js">');
    expect(html).not.toContain('shop-789abc.js');
    // The stylesheet comes inlined: the page paints from this one response.
    expect(head).toContain('<style>body{color:#2f5d3a}</style>');
    expect(head).not.toContain('app-abc123.css');
    // The app's own script still loads after the content.
    expect(html.indexOf('/assets/app-abc123.js')).toBeGreaterThan(html.indexOf('Hello visitor'));
  });

  it('compresses pages like any other answer', async () => {
    const response = await gateway.inject({
      url: `/events?padding=${'x'.repeat(2000)}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("renders the same page whoever asks: the visitor's cookie never goes along with the render's API calls", async () => {
    const response = await gateway.inject({
      url: '/',
      headers: { cookie: await sessionCookieFor(adminId) },
    });
    // The header says who is logged in after hydration; the page itself is everyone's.
    expect(response.body).toContain('<main>Hello visitor</main>');
  });

  it('answers the status the render gives (an unknown event is a 404 page)', async () => {
    const response = await gateway.inject({ url: '/events/999' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Page /events/999</title>');
  });

  it('sends the shell for pages rendered in the browser, and when the render fails', async () => {
    for (const url of ['/cart', '/admin?tab=orders', '/events?boom=1']) {
      const response = await gateway.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Jesus Walks</title>');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).toContain(
        '<link rel="stylesheet" crossorigin href="/assets/app-abc123.css">',
      );
      // Nothing shows until the scripts run: they keep their usual priority.
      expect(response.body, url).toContain('<script type="module" src="/assets/app-abc123.js">');
      // The entry starts the app at once: the app's modules are asked for with it.
      expect(response.body, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/start-aaa111.js">' +
          '<link rel="modulepreload" crossorigin href="/assets/react-bbb222.js"></head>',
      );
    }
  });

  it('serves the app (its 404 page) with status 404 for any other path', async () => {
    const response = await gateway.inject({ url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const response = await gateway.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await gateway.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("serves the build's brotli copy of an asset as it is, without a document's headers", async () => {
    const response = await gateway.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("br copy");');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    // A page keeps them.
    expect((await gateway.inject({ url: '/' })).headers['x-frame-options']).toBeDefined();
  });

  it('serves the check-in service worker under a policy that lets it fetch this origin', async () => {
    // As a browser asks for it: the build's compressed copy is what is sent.
    const response = await gateway.inject({ url: '/lead/sw.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    // A worker lives under its script's policy: 'none' would let it fetch nothing.
    expect(response.headers['content-security-policy']).toBe(SERVICE_WORKER_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("answers the API with a JSON answer's headers, not a page's", async () => {
    const response = await gateway.inject({ url: '/api/no-such-thing' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const pageOnly of [
      'x-frame-options',
      'cross-origin-opener-policy',
      'referrer-policy',
      'origin-agent-cluster',
    ])
      expect(response.headers[pageOnly], pageOnly).toBeUndefined();
    const headerBytes = Object.entries(response.headers).reduce(
      (sum, [name, value]) => sum + name.length + String(value).length + 4,
      0,
    );
    expect(headerBytes).toBeLessThan(500);
  });

  it("gives a page whose address ends like a file's (a ticket's token) a page's headers", async () => {
    // One ticket token in four ends in letters and digits only, which read as a file's extension.
    const response = await gateway.inject({
      url: '/tickets/1.1795852386.CciY4U1dyq2rnc3a6UkcGx6bU2IHeEjXvvTuAB58TEg',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('sends security headers with a CSP that allows the payment providers', async () => {
    const response = await gateway.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain('https://web.squarecdn.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('gateway: limits and failures', () => {
  it('rate limits API requests per address with a JSON 429', async () => {
    const limited = await buildApp(gatewayEnv({ RATE_LIMIT_MAX: '3' }), { logger: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.inject({ url: '/api/auth/me' })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const last = await limited.inject({ url: '/api/auth/me' });
      expect(last.json()).toMatchObject({ code: 'rate_limited' });
      expect((await limited.inject({ url: '/shop' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 JSON quickly while a service is down, and recovers when it returns', async () => {
    await identityApp?.close();
    const started = Date.now();
    const down = await gateway.inject({ url: '/api/users' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      message: 'The identity service is unavailable right now. Please try again shortly.',
      code: 'upstream_unavailable',
    });
    const upstreams = await gateway.inject({ url: '/health/upstreams' });
    expect(upstreams.statusCode).toBe(503);
    expect(upstreams.json()).toMatchObject({ checks: { identity: 'unavailable' } });
    expect((await gateway.inject({ url: '/health/ready' })).statusCode).toBe(200);

    await startIdentity();
    const back = await gateway.inject({ url: '/api/users' });
    expect(back.statusCode).toBe(401);
  });
});

describe('the gateway’s /metrics', () => {
  it('is absent without METRICS_TOKEN: the internet reaches the gateway', async () => {
    const response = await gateway.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_request_duration_seconds');
  });

  it('answers only a scraper with the bearer token, with request counts and latency per route', async () => {
    const token = 'metrics-token-0123456789abcdef-0123456789';
    const scraped = await buildApp(gatewayEnv({ METRICS_TOKEN: token }), { logger: false });
    try {
      await scraped.inject({ url: '/api/auth/me' });
      expect((await scraped.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = await scraped.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${'x'.repeat(40)}` },
      });
      expect(wrong.statusCode).toBe(401);
      const metrics = await scraped.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(metrics.statusCode).toBe(200);
      const counted = metrics.body
        .split('\n')
        .find(
          (line) =>
            line.startsWith('http_request_duration_seconds_count{') && line.includes('route="/api/auth/me"'),
        );
      expect(counted).toContain('status_code="401"');
      expect(counted).toContain('service="gateway"');
      expect(counted).toMatch(/\} 1$/);
    } finally {
      await scraped.close();
    }
  });
});
