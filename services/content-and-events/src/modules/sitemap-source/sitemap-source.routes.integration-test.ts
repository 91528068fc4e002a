import { SitemapSourceSchema } from '@jesus-walks/contracts/seo';
import { internalHeader, startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertTestEvent } from '../../testing/helpers';

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service);
});
afterAll(() => content.close());

const source = async () => {
  const response = await content.app.inject({ url: '/internal/sitemap/events', headers: internalHeader });
  expect(response.statusCode).toBe(200);
  return SitemapSourceSchema.parse(response.json());
};

describe('GET /internal/sitemap/events', () => {
  it('is internal only', async () => {
    expect((await content.app.inject({ url: '/internal/sitemap/events' })).statusCode).toBe(401);
  });

  it('lists events that have a page with their last change, and the latest change of any event', async () => {
    expect(await source()).toEqual({ lastModified: null, items: [] });

    const created = await insertTestEvent(content.db, {
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    });
    const edited = await insertTestEvent(content.db, {
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-02-01T00:00:00Z',
    });
    await insertTestEvent(content.db, {
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-03-01T00:00:00Z',
      cancelledAt: '2026-03-01T00:00:00Z',
    });
    expect(await source()).toEqual({
      lastModified: '2026-03-01T00:00:00.000Z',
      items: [
        { id: created, lastModified: '2026-01-01T00:00:00.000Z' },
        { id: edited, lastModified: '2026-02-01T00:00:00.000Z' },
      ],
    });

    // A deleted event leaves only its entry in the activity record.
    await sql`insert into audit_log (occurred_at, action, target_type, target_id, summary)
      values ('2026-04-01T00:00:00Z', 'event.deleted', 'event', '999', 'Deleted')`.execute(content.db);
    expect((await source()).lastModified).toBe('2026-04-01T00:00:00.000Z');
  });
});
