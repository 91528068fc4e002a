import { waitForJobs } from '@jesus-walks/test-kit/jobs';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertProduct } from '../../testing/catalog-test-service.testing';
import { RESERVATIONS_CLEAN_UP_CRON, RESERVATIONS_CLEAN_UP_JOB } from './stock.jobs';

let catalog: TestService<Env, CatalogAndOrdersDatabase>;

beforeAll(async () => {
  catalog = await startTestService(service);
});
afterAll(() => catalog.close());

describe('stock reservations clean-up (a scheduled job)', () => {
  it('is scheduled every 5 minutes and releases every expired, unconsumed reservation', async () => {
    const { rows } = await sql<{ cron: string }>`
      select cron from schedule where name = ${RESERVATIONS_CLEAN_UP_JOB}`.execute(catalog.db);
    expect(rows).toEqual([{ cron: RESERVATIONS_CLEAN_UP_CRON }]);
    const product = await insertProduct(catalog.db, { name: 'Trail Socks', stock: 10 });
    await catalog.db
      .insertInto('stockReservations')
      .values([
        { quoteId: 'stale', productId: product.id, quantity: 1, expiresAt: sql`now() - interval '2 days'` },
        {
          quoteId: 'recent',
          productId: product.id,
          quantity: 1,
          expiresAt: sql`now() - interval '1 second'`,
        },
        {
          quoteId: 'active',
          productId: product.id,
          quantity: 1,
          expiresAt: sql`now() + interval '10 minutes'`,
        },
        {
          quoteId: 'paid',
          productId: product.id,
          quantity: 1,
          expiresAt: sql`now() - interval '2 days'`,
          consumedAt: sql`now() - interval '2 days'`,
        },
      ])
      .execute();

    await catalog.jobs.enqueue(catalog.db, RESERVATIONS_CLEAN_UP_JOB, {});
    await waitForJobs(catalog.db, { names: [RESERVATIONS_CLEAN_UP_JOB] });

    const left = await catalog.db
      .selectFrom('stockReservations')
      .select('quoteId')
      .orderBy('quoteId')
      .execute();
    expect(left.map((row) => row.quoteId)).toEqual(['active', 'paid']);
  });
});
