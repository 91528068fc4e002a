import { ConfigError } from '@jesus-walks/service-kit/env';
import { signIdentity } from '@jesus-walks/service-kit/identity';
import {
  identityHeaders,
  internalHeader,
  startTestService,
  type TestService,
  testAdmin,
  testEnvSource,
  testSecrets,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeoDatabase } from './db/database';
import { type Env, loadEnv } from './env';
import { service } from './service';

let seo: TestService<Env, SeoDatabase>;

beforeAll(async () => {
  seo = await startTestService(service);
});
afterAll(() => seo.close());

describe('seo service foundation', () => {
  it('is live, and ready once its migrations are applied', async () => {
    const live = await seo.app.inject({ url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', service: 'seo' });

    const ready = await seo.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      service: 'seo',
      checks: { database: 'ok', migrations: 'ok' },
    });
  });

  it('answers JSON 404 for unknown routes', async () => {
    const response = await seo.app.inject({ url: '/api/seo/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'No route for GET /api/seo/nope', code: 'not_found' });
  });

  it('refuses a forged identity header, even on unknown or public paths', async () => {
    const forged = (await identityHeaders(testAdmin, 'GET', '/health/live'))['x-identity']?.replace(
      /.$/,
      (c) => (c === 'A' ? 'B' : 'A'),
    );
    const response = await seo.app.inject({ url: '/health/live', headers: { 'x-identity': forged ?? '' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });
  });

  it('refuses a correctly signed identity that is too old to be replayed', async () => {
    const stale = await signIdentity(
      { user: testUser, clientAddress: '127.0.0.1', method: 'GET', url: '/health/live' },
      testSecrets.IDENTITY_SIGNING_KEY,
      Date.now() - 120_000,
    );
    const response = await seo.app.inject({ url: '/health/live', headers: { 'x-identity': stale } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });

    const fresh = await seo.app.inject({
      url: '/health/live',
      headers: await identityHeaders(testUser, 'GET', '/health/live'),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('requires the internal token on /internal/*', async () => {
    const anonymous = await seo.app.inject({ url: '/internal/x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });

    const wrong = await seo.app.inject({ url: '/internal/x', headers: { 'x-internal-token': 'nope' } });
    expect(wrong.statusCode).toBe(401);

    // With the token the request gets past the check and meets the (JSON) 404 of a missing route.
    const allowed = await seo.app.inject({ url: '/internal/x', headers: internalHeader });
    expect(allowed.statusCode).toBe(404);
  });

  it('exposes Prometheus metrics labelled with the service', async () => {
    await seo.app.inject({ url: '/health/live' });
    const response = await seo.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    const counted = response.body
      .split('\n')
      .filter((line) => line.startsWith('http_request_duration_seconds_count{'))
      .find((line) =>
        ['route="/health/live"', 'status_code="200"', 'service="seo"'].every((l) => line.includes(l)),
      );
    expect(counted).toMatch(/ [1-9]\d*$/);
  });
});

describe('seo schema', () => {
  it('creates its tables in the seo schema', async () => {
    const { rows } = await sql<{ tableName: string }>`
      select table_name from information_schema.tables
      where table_schema = 'seo' and table_type = 'BASE TABLE' order by table_name`.execute(seo.db);
    // Besides its own: Kysely's migration tables and pg-boss's (the daily refresh job).
    expect(rows.map((row) => row.tableName)).toEqual(
      expect.arrayContaining([
        'kysely_migration',
        'kysely_migration_lock',
        'search_console_daily',
        'search_console_snapshots',
        'sitemap_submissions',
      ]),
    );
  });

  it('stores a Search Console snapshot with its defaults: 30 days, empty top lists, fetched now', async () => {
    const metrics = { totalClicks: 12, totalImpressions: 340, avgCtr: 0.035, avgPosition: 8.4 };
    const inserted = await seo.db
      .insertInto('searchConsoleSnapshots')
      .values({ siteUrl: 'https://example.org/', metrics })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(inserted).toMatchObject({
      siteUrl: 'https://example.org/',
      periodDays: 30,
      metrics,
      topPages: [],
      topQueries: [],
    });
    expect(inserted.fetchedAt).toBeInstanceOf(Date);
    expect(Math.abs(inserted.fetchedAt.getTime() - Date.now())).toBeLessThan(60_000);

    const topPages = [{ keys: ['https://example.org/events'], clicks: 5, impressions: 90, position: 3.2 }];
    const updated = await seo.db
      .updateTable('searchConsoleSnapshots')
      .set({ topPages: JSON.stringify(topPages) })
      .where('id', '=', inserted.id)
      .returning('topPages')
      .executeTakeFirstOrThrow();
    expect(updated.topPages).toEqual(topPages);
  });

  it('refuses a snapshot without metrics or with a non-positive period', async () => {
    await expect(
      sql`insert into search_console_snapshots (site_url) values ('https://example.org/')`.execute(seo.db),
    ).rejects.toMatchObject({ code: '23502' });
    await expect(
      sql`insert into search_console_snapshots (site_url, period_days, metrics)
          values ('https://example.org/', 0, '{}'::jsonb)`.execute(seo.db),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('records sitemap submissions, whose status is submitted or failed', async () => {
    const submitted = await seo.db
      .insertInto('sitemapSubmissions')
      .values({ sitemapUrl: 'https://example.org/sitemap.xml', status: 'submitted', message: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(submitted).toMatchObject({ status: 'submitted', message: null });
    expect(submitted.submittedAt).toBeInstanceOf(Date);

    await expect(
      sql`insert into sitemap_submissions (sitemap_url, status) values ('https://example.org/sitemap.xml', 'pending')`.execute(
        seo.db,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('seeds nothing, and seeding is harmless', async () => {
    await service.seed(seo.db, { env: seo.env, notice: () => {} });
    await service.seed(seo.db, { env: seo.env, notice: () => {} });
    const count = await seo.db
      .selectFrom('sitemapSubmissions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(1);
  });
});

describe('seo configuration', () => {
  it('starts without Search Console settings, and reads an escaped private key as PEM lines', () => {
    expect(seo.env.GOOGLE_CLIENT_EMAIL).toBeUndefined();
    expect(seo.env.PORT).toBe(3005);
    const env = loadEnv(
      testEnvSource(seo.databaseUrl, {
        GOOGLE_CLIENT_EMAIL: 'seo@project.iam.gserviceaccount.com',
        GOOGLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nMIIE\\n-----END PRIVATE KEY-----\\n',
        SEARCH_CONSOLE_SITE_URL: 'sc-domain:example.org',
      }),
    );
    expect(env.GOOGLE_PRIVATE_KEY).toBe('-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n');
    expect(env.SEARCH_CONSOLE_SITE_URL).toBe('sc-domain:example.org');
  });

  it('names a malformed peer URL or e-mail at start', () => {
    let problems: string[] = [];
    try {
      loadEnv(
        testEnvSource(seo.databaseUrl, { CATALOG_AND_ORDERS_URL: 'not a url', GOOGLE_CLIENT_EMAIL: 'nope' }),
      );
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'CATALOG_AND_ORDERS_URL',
      'GOOGLE_CLIENT_EMAIL',
    ]);
  });
});
