import { generateKeyPairSync } from 'node:crypto';
import { SearchAnalyticsSchema } from '@jesus-walks/contracts/seo';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeoDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { type FakeDay, type FakeGoogle, startFakeGoogle } from '../../testing/fake-google';
import { REFRESH_ANALYTICS_JOB } from './search-console.jobs';
import { NOT_CONFIGURED_MESSAGE, periodOf } from './search-console.service';

const CLIENT_EMAIL = 'seo-dashboard@jesus-walks.iam.gserviceaccount.com';
const SITE_URL = 'https://jesuswalks.example/';
const PUBLIC_ORIGIN = 'https://jesuswalks.example';

// The service account's key pair, made here: the fake knows only the public half.
const account = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const strangerKey = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
}).privateKey;

/** 30 days ending today: 10 + i clicks and 100 + 10 i impressions on day i. */
const { startDate } = periodOf(30);
const days: FakeDay[] = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(`${startDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + i);
  return { date: date.toISOString().slice(0, 10), clicks: 10 + i, impressions: 100 + 10 * i, position: 8 };
});
const pages = [
  { key: `${PUBLIC_ORIGIN}/events`, clicks: 300, impressions: 2000, position: 3.14 },
  { key: `${PUBLIC_ORIGIN}/`, clicks: 200, impressions: 1500, position: 4.26 },
];
const queries = [
  { key: 'napa faith hikes', clicks: 120, impressions: 900, position: 2.05 },
  { key: 'christian hiking group', clicks: 80, impressions: 1100, position: 6.96 },
];

let google: FakeGoogle;
let seo: TestService<Env, SeoDatabase>;

function configuredEnv(privateKey = account.privateKey): Record<string, string> {
  return {
    PUBLIC_ORIGIN,
    GOOGLE_CLIENT_EMAIL: CLIENT_EMAIL,
    // As an env file carries it: one line with \n escapes.
    GOOGLE_PRIVATE_KEY: privateKey.replaceAll('\n', '\\n'),
    SEARCH_CONSOLE_SITE_URL: SITE_URL,
    SEARCH_CONSOLE_ROOT_URL: google.url,
    SEARCH_CONSOLE_TOKEN_URL: google.tokenUrl,
  };
}

beforeAll(async () => {
  google = await startFakeGoogle({
    clientEmail: CLIENT_EMAIL,
    publicKey: account.publicKey,
    siteUrl: SITE_URL,
    days,
    pages,
    queries,
  });
  seo = await startTestService(service, configuredEnv());
});
afterAll(async () => {
  await seo?.close();
  await google?.close();
});

const asAdmin = (method: string, url: string) => identityHeaders(testAdmin, method, url);

async function call(
  app: TestService<Env, SeoDatabase>['app'],
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: await asAdmin(method, url.split('?')[0] ?? url),
    ...(payload ? { payload } : {}),
  });
}

const apiCalls = () => google.calls.filter((c) => c.path !== '/token');

describe('Search Console, configured (against the local fake of Google)', () => {
  it('is for admins only', async () => {
    const url = '/api/seo/search-console/status';
    expect((await seo.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await seo.app.inject({ url, headers: await identityHeaders(testUser, 'GET', url) })).statusCode,
    ).toBe(403);
    expect(
      (
        await seo.app.inject({
          method: 'POST',
          url: '/api/seo/search-console/submit-sitemap',
          headers: await identityHeaders(testUser, 'POST', '/api/seo/search-console/submit-sitemap'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('reports the property it tracks', async () => {
    const response = await call(seo.app, 'GET', '/api/seo/search-console/status');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enabled: true, siteUrl: SITE_URL });
    expect(response.body).not.toContain('PRIVATE KEY');
  });

  it('has nothing stored before the first refresh, and does not call Google to say so', async () => {
    const response = await call(seo.app, 'GET', '/api/seo/search-console/analytics?days=30');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      metrics: { totalClicks: 0, totalImpressions: 0, avgCtr: 0, avgPosition: 0 },
      topPages: [],
      topQueries: [],
      daily: [],
      fetchedAt: null,
    });
    expect(google.calls).toEqual([]);
  });

  it('refreshes from Google through the JWT exchange, stores, then reads from history without calling Google', async () => {
    const refreshed = await call(seo.app, 'POST', '/api/seo/search-console/analytics/refresh', { days: 30 });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const analytics = SearchAnalyticsSchema.parse(refreshed.json());
    const clicks = days.reduce((sum, day) => sum + day.clicks, 0);
    const impressions = days.reduce((sum, day) => sum + day.impressions, 0);
    expect(analytics.metrics.totalClicks).toBe(clicks);
    expect(analytics.metrics.totalImpressions).toBe(impressions);
    expect(analytics.metrics.avgCtr).toBeCloseTo((clicks / impressions) * 100, 6);
    expect(analytics.metrics.avgPosition).toBeCloseTo(8, 6);
    expect(analytics.topPages.map((row) => [row.keys?.[0], row.clicks, row.position])).toEqual([
      [`${PUBLIC_ORIGIN}/events`, 300, 3.14],
      [`${PUBLIC_ORIGIN}/`, 200, 4.26],
    ]);
    expect(analytics.topQueries.map((row) => row.keys?.[0])).toEqual([
      'napa faith hikes',
      'christian hiking group',
    ]);
    expect(analytics.daily).toHaveLength(30);
    expect(analytics.daily[0]).toEqual({ date: days[0]?.date, clicks: 10, impressions: 100 });
    expect(analytics.fetchedAt).not.toBeNull();

    // One token exchange (the signed assertion the fake verified), then the four queries.
    expect(google.calls.filter((c) => c.path === '/token')).toHaveLength(1);
    const queried = apiCalls();
    expect(queried).toHaveLength(4);
    expect(
      queried.every(
        (c) => c.path === `/webmasters/v3/sites/${encodeURIComponent(SITE_URL)}/searchAnalytics/query`,
      ),
    ).toBe(true);
    expect(queried.map((c) => (c.body as { dimensions?: string[] }).dimensions ?? [])).toEqual(
      expect.arrayContaining([[], ['date'], ['page'], ['query']]),
    );

    const before = google.calls.length;
    const stored = await call(seo.app, 'GET', '/api/seo/search-console/analytics?days=30');
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual(analytics);
    const defaulted = await call(seo.app, 'GET', '/api/seo/search-console/analytics');
    expect(defaulted.json()).toEqual(analytics);
    expect(google.calls.length).toBe(before);

    const rows = await seo.db
      .selectFrom('searchConsoleSnapshots')
      .select(['siteUrl', 'periodDays'])
      .execute();
    expect(rows).toEqual([{ siteUrl: SITE_URL, periodDays: 30 }]);
  });

  it('answers a period never fetched as empty, and refuses a period out of range', async () => {
    const week = await call(seo.app, 'GET', '/api/seo/search-console/analytics?days=7');
    expect(week.json()).toMatchObject({ periodDays: 7, fetchedAt: null, topPages: [] });
    for (const days of ['0', '481', 'abc', '1.5']) {
      const response = await call(seo.app, 'GET', `/api/seo/search-console/analytics?days=${days}`);
      expect(response.statusCode, days).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('submits the sitemap of the public origin and records it', async () => {
    const response = await call(seo.app, 'POST', '/api/seo/search-console/submit-sitemap');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: `Sitemap submitted to Google Search Console: ${PUBLIC_ORIGIN}/sitemap.xml`,
      sitemapUrl: `${PUBLIC_ORIGIN}/sitemap.xml`,
    });
    expect(google.submittedSitemaps).toEqual([`${PUBLIC_ORIGIN}/sitemap.xml`]);
    const recorded = await seo.db.selectFrom('sitemapSubmissions').select(['sitemapUrl', 'status']).execute();
    expect(recorded).toEqual([{ sitemapUrl: `${PUBLIC_ORIGIN}/sitemap.xml`, status: 'submitted' }]);
  });

  it('refreshes daily through the job queue', async () => {
    await seo.db.deleteFrom('searchConsoleSnapshots').execute();
    await seo.jobs.enqueue(seo.db, REFRESH_ANALYTICS_JOB, {});
    const deadline = Date.now() + 15_000;
    let count = 0;
    while (count === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      count = (await seo.db.selectFrom('searchConsoleSnapshots').select('id').execute()).length;
    }
    expect(count).toBe(1);
    const stored = await call(seo.app, 'GET', '/api/seo/search-console/analytics');
    expect(stored.json()).toMatchObject({
      periodDays: 30,
      metrics: { totalClicks: days.reduce((s, d) => s + d.clicks, 0) },
    });
  });
});

describe('Search Console with a key Google refuses', () => {
  it('tells the admin the key expired (invalid_grant), for refresh and for submission, and records the failure', async () => {
    google.mode = 'expired-key';
    const expired = await startTestService(service, configuredEnv());
    try {
      const refresh = await call(expired.app, 'POST', '/api/seo/search-console/analytics/refresh', {
        days: 30,
      });
      expect(refresh.statusCode).toBe(502);
      const body = refresh.json() as { message: string; code: string };
      expect(body.code).toBe('upstream_error');
      expect(body.message).toContain('invalid_grant');
      expect(body.message).toContain('expired or been revoked');
      expect(body.message).toContain(CLIENT_EMAIL);
      expect(refresh.body).not.toContain('PRIVATE KEY');

      const submit = await call(expired.app, 'POST', '/api/seo/search-console/submit-sitemap');
      expect(submit.statusCode).toBe(502);
      expect(submit.json().message).toContain('expired or been revoked');
      const failed = await expired.db
        .selectFrom('sitemapSubmissions')
        .select(['status', 'message'])
        .execute();
      expect(failed).toEqual([{ status: 'failed', message: submit.json().message }]);
    } finally {
      google.mode = 'ok';
      await expired.close();
    }
  });

  it('is refused when the assertion is signed with another key: the fake checks the signature', async () => {
    const stranger = await startTestService(service, configuredEnv(strangerKey));
    try {
      const refresh = await call(stranger.app, 'POST', '/api/seo/search-console/analytics/refresh', {
        days: 30,
      });
      expect(refresh.statusCode).toBe(502);
      expect(refresh.json().message).toContain('Invalid JWT Signature.');
    } finally {
      await stranger.close();
    }
  });

  it('tells the admin which account to add when the property is not shared with it', async () => {
    const other = await startTestService(service, {
      ...configuredEnv(),
      SEARCH_CONSOLE_SITE_URL: 'sc-domain:elsewhere.example',
    });
    try {
      const submit = await call(other.app, 'POST', '/api/seo/search-console/submit-sitemap');
      expect(submit.statusCode).toBe(502);
      expect(submit.json().message).toContain(`Add ${CLIENT_EMAIL} as a user of that property`);
    } finally {
      await other.close();
    }
  });
});

describe('Search Console, not configured', () => {
  let bare: TestService<Env, SeoDatabase>;
  beforeAll(async () => {
    bare = await startTestService(service);
  });
  afterAll(() => bare.close());

  it('reports disabled, answers empty analytics, and refuses refresh and submission with a clear 409', async () => {
    expect((await call(bare.app, 'GET', '/api/seo/search-console/status')).json()).toEqual({
      enabled: false,
      siteUrl: null,
    });
    expect((await call(bare.app, 'GET', '/api/seo/search-console/analytics?days=30')).json()).toEqual({
      metrics: { totalClicks: 0, totalImpressions: 0, avgCtr: 0, avgPosition: 0 },
      topPages: [],
      topQueries: [],
      periodDays: 30,
      daily: [],
      fetchedAt: null,
    });
    for (const [url, payload] of [
      ['/api/seo/search-console/analytics/refresh', { days: 30 }],
      ['/api/seo/search-console/submit-sitemap', undefined],
    ] as const) {
      const response = await call(bare.app, 'POST', url, payload);
      expect(response.statusCode, url).toBe(409);
      expect(response.json()).toEqual({ message: NOT_CONFIGURED_MESSAGE, code: 'conflict' });
    }
  });
});
