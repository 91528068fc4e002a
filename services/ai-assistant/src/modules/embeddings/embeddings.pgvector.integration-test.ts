import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { vector } from '@electric-sql/pglite-pgvector';
import type { Product } from '@jesus-walks/contracts/products';
import { migrateToLatest } from '@jesus-walks/service-kit/database';
import { startTestService } from '@jesus-walks/test-kit/test-service';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiAssistantDatabase } from '../../db/database';
import * as enablePgvector from '../../db/migrations/0004_enable_pgvector_where_available';
import { migrations } from '../../db/migrations/index';
import { service } from '../../service';
import { fakeEmbedding } from '../../testing/fake-openai.testing';
import { searchWords } from '../agent/built-in.provider';
import { seedKnowledge } from '../knowledge/knowledge.service';
import type { Peers } from '../peers/peers';
import type { Embedder } from './embeddings.client';
import { findPgvectorSchema } from './embeddings.repository';
import {
  knowledgeByMeaning,
  type MeaningSearchDeps,
  pgvectorLookup,
  productsByMeaning,
  refreshEmbeddings,
} from './embeddings.service';

/**
 * pgvector is in neither the CI/dev Postgres nor the embedded one, so this runs the assistant's
 * migrations and similarity search on PGlite (Postgres in WebAssembly) with the pgvector build its
 * package ships: nothing is downloaded at run time. What Postgres ranks with pgvector must be what
 * the service ranks without it.
 */
const SCHEMA = 'ai_assistant';

/** The fake endpoint's embedding (words hashed into 256 dimensions), without the HTTP. */
const embedder: Embedder = {
  model: 'fake-embedding',
  minSimilarity: 0.1,
  embed: async (texts) => texts.map(fakeEmbedding),
};

const product = (id: number, name: string, category = 'Gear'): Product => ({
  id,
  name,
  description: `${name} for the trail`,
  price: '20.00',
  imageUrl: null,
  category,
  stock: 10,
  available: 10,
});
const products = [
  product(1, 'Insulated Trail Bottle'),
  product(2, 'Napa Trail Cap', 'Apparel'),
  product(3, 'Merino Hiking Socks', 'Apparel'),
  product(4, 'Trail First Aid Kit'),
];
const peers: Peers = {
  products: async () => products,
  upcomingEvents: async () => [],
  ordersOf: async () => null,
  close: async () => {},
};

let lite: PGlite;
let db: Kysely<AiAssistantDatabase>;
let withPgvector: MeaningSearchDeps;
let inService: MeaningSearchDeps;

beforeAll(async () => {
  lite = await PGlite.create({ extensions: { vector } });
  // One connection (PGlite is single-user): the search_path set on it is every query's.
  const pool = new pg.Pool(createPgConfig(lite) as pg.PoolConfig);
  db = new Kysely<AiAssistantDatabase>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  await sql`set search_path to ${sql.raw(SCHEMA)}`.execute(db);
  await migrateToLatest(db, SCHEMA, migrations);
  await seedKnowledge({ db });
  await refreshEmbeddings({ db, embedder, peers });
  withPgvector = { db, embedder, pgvector: pgvectorLookup({ db }) };
  inService = { db, embedder, pgvector: async () => null };
}, 120_000);
afterAll(async () => {
  await db?.destroy();
  await lite?.close();
});

const questions = [
  'What wine pairs well with salmon?',
  'How can I track my order?',
  'Is the walk wheelchair accessible?',
  'Returning a shirt for a refund',
  'Can you recommend a good red wine under $30?',
  'What should I bring on a hike?',
];

describe('similarity search with pgvector (on PGlite, which ships it)', () => {
  it('is enabled by migration 0004 in the service schema, where the search finds it', async () => {
    expect(await findPgvectorSchema(db)).toBe(SCHEMA);
  });

  it('is left out where the role may not create it (a superuser must), the migration passing', async () => {
    const rollback = new Error('rolled back');
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`drop extension vector`.execute(trx);
        await sql`create role assistant_without_superuser`.execute(trx);
        await sql`grant all on schema ai_assistant to assistant_without_superuser`.execute(trx);
        await sql`set local role assistant_without_superuser`.execute(trx);
        await enablePgvector.up(trx as Kysely<AiAssistantDatabase> as Kysely<unknown>);
        await sql`reset role`.execute(trx);
        expect(await findPgvectorSchema(trx)).toBeNull();
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await findPgvectorSchema(db)).toBe(SCHEMA);
  });

  it("is dropped by the migration's down, and enabled again by its up", async () => {
    const rollback = new Error('rolled back');
    await expect(
      db.transaction().execute(async (trx) => {
        await enablePgvector.down(trx as Kysely<AiAssistantDatabase> as Kysely<unknown>);
        expect(await findPgvectorSchema(trx)).toBeNull();
        await enablePgvector.up(trx as Kysely<AiAssistantDatabase> as Kysely<unknown>);
        expect(await findPgvectorSchema(trx)).toBe(SCHEMA);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it('ranks knowledge in Postgres as the service ranks it without pgvector', async () => {
    for (const question of questions) {
      const text = searchWords(question).join(' ');
      const inPostgres = await knowledgeByMeaning(withPgvector, { text });
      const here = await knowledgeByMeaning(inService, { text });
      expect(
        inPostgres?.map((hit) => hit.title),
        question,
      ).toEqual(here?.map((hit) => hit.title));
      inPostgres?.forEach((hit, i) => {
        expect(hit.similarity).toBeCloseTo(here?.[i]?.similarity ?? Number.NaN, 5);
      });
    }
    const order = await knowledgeByMeaning(withPgvector, { text: 'track order' });
    expect(order?.[0]?.title).toBe('Tracking your order');
  });

  it('ranks products in Postgres as the service ranks them without pgvector', async () => {
    for (const text of ['bottle', 'sock', 'cap', 'first aid', 'wine']) {
      const inPostgres = await productsByMeaning(withPgvector, { text, products });
      const here = await productsByMeaning(inService, { text, products });
      expect(
        inPostgres?.map((p) => p.name),
        text,
      ).toEqual(here?.map((p) => p.name));
    }
    expect((await productsByMeaning(withPgvector, { text: 'bottle', products }))?.[0]?.name).toBe(
      'Insulated Trail Bottle',
    );
  });

  it('leaves out embeddings of another length (another model) and a question with no words it knows', async () => {
    const [entry] = await db.selectFrom('knowledgeBase').select('id').orderBy('id').limit(1).execute();
    await db
      .insertInto('knowledgeEmbeddings')
      .values({ knowledgeId: entry?.id ?? 0, content: 'old model', embedding: JSON.stringify([1, 0, 0]) })
      .execute();
    const hits = await knowledgeByMeaning(withPgvector, { text: 'wine pairs salmon', limit: 50 });
    expect(hits?.length).toBeGreaterThan(0);
    expect(new Set(hits?.map((hit) => hit.id)).size).toBe(hits?.length);

    // A zero vector has no direction: its NaN similarity is no match, as the service's 0 is none.
    const blank: MeaningSearchDeps = {
      ...withPgvector,
      embedder: { ...embedder, embed: async (texts) => texts.map(() => Array<number>(256).fill(0)) },
    };
    expect(await knowledgeByMeaning(blank, { text: 'xx' })).toEqual([]);
    expect(await productsByMeaning(blank, { text: 'xx', products })).toEqual([]);
  });
});

describe('on the test Postgres', () => {
  it('pgvector is enabled where the server has it, and left out (the service ranks) where not', async () => {
    const ai = await startTestService(service);
    try {
      const { rows } = await sql<{ name: string }>`
        select name from pg_available_extensions where name = 'vector'`.execute(ai.db);
      expect(await findPgvectorSchema(ai.db)).toBe(rows.length > 0 ? SCHEMA : null);
    } finally {
      await ai.close();
    }
  });
});
