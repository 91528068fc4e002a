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
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiAssistantDatabase } from './db/database';
import { type Env, loadEnv } from './env';
import { service } from './service';

let ai: TestService<Env, AiAssistantDatabase>;
const jobQueueTables = new Set(['archive', 'job', 'queue', 'schedule', 'subscription', 'version']);

beforeAll(async () => {
  ai = await startTestService(service);
});
afterAll(() => ai.close());

describe('ai-assistant service foundation', () => {
  it('is live, and ready once its migrations are applied', async () => {
    const live = await ai.app.inject({ url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', service: 'ai-assistant' });

    const ready = await ai.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      service: 'ai-assistant',
      checks: { database: 'ok', migrations: 'ok' },
    });
  });

  it('answers JSON 404 for unknown routes', async () => {
    const response = await ai.app.inject({ url: '/api/ai/nope?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'No route for GET /api/ai/nope', code: 'not_found' });
  });

  it('refuses a forged identity header, even on unknown or public paths', async () => {
    const forged = (await identityHeaders(testAdmin, 'GET', '/health/live'))['x-identity']?.replace(
      /.$/,
      (c) => (c === 'A' ? 'B' : 'A'),
    );
    const response = await ai.app.inject({ url: '/health/live', headers: { 'x-identity': forged ?? '' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });
  });

  it('refuses a correctly signed identity that is too old to be replayed', async () => {
    const stale = await signIdentity(
      { user: testUser, clientAddress: '127.0.0.1', method: 'GET', url: '/health/live' },
      testSecrets.IDENTITY_SIGNING_KEY,
      Date.now() - 120_000,
    );
    const response = await ai.app.inject({ url: '/health/live', headers: { 'x-identity': stale } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalid_identity' });

    const fresh = await ai.app.inject({
      url: '/health/live',
      headers: await identityHeaders(testUser, 'GET', '/health/live'),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('requires the internal token on /internal/*', async () => {
    const anonymous = await ai.app.inject({ url: '/internal/x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });

    const wrong = await ai.app.inject({ url: '/internal/x', headers: { 'x-internal-token': 'nope' } });
    expect(wrong.statusCode).toBe(401);

    // With the token the request gets past the check and meets the (JSON) 404 of a missing route.
    const allowed = await ai.app.inject({ url: '/internal/x', headers: internalHeader });
    expect(allowed.statusCode).toBe(404);
  });

  it('exposes Prometheus metrics labelled with the service', async () => {
    await ai.app.inject({ url: '/health/live' });
    const response = await ai.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
    const counted = response.body
      .split('\n')
      .filter((line) => line.startsWith('http_request_duration_seconds_count{'))
      .find((line) =>
        ['route="/health/live"', 'status_code="200"', 'service="ai-assistant"'].every((l) =>
          line.includes(l),
        ),
      );
    expect(counted).toMatch(/ [1-9]\d*$/);
  });
});

async function conversationWithMessages(db: Kysely<AiAssistantDatabase>, title: string) {
  const conversation = await db
    .insertInto('conversations')
    .values({ userId: null, title, modelConfigId: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('messages')
    .values([
      { conversationId: conversation.id, role: 'user', content: 'A good red wine under $30?', tokens: null },
      {
        conversationId: conversation.id,
        role: 'assistant',
        content: 'Try the valley Zinfandel.',
        tokens: 12,
      },
    ])
    .execute();
  return conversation.id;
}

describe('ai-assistant schema', () => {
  it('creates its tables in the ai_assistant schema', async () => {
    const { rows } = await sql<{ tableName: string }>`
      select table_name from information_schema.tables
      where table_schema = 'ai_assistant' and table_type = 'BASE TABLE' and table_name not like 'kysely%'
      order by table_name`.execute(ai.db);
    // Besides the job queue's own tables (pg-boss, in the same schema).
    expect(
      rows
        .map((row) => row.tableName)
        .filter((name) => !jobQueueTables.has(name) && !/^j[0-9a-f]{40,}$/.test(name)),
    ).toEqual([
      'audit_log',
      'conversations',
      'knowledge_base',
      'knowledge_embeddings',
      'messages',
      'model_configs',
      'product_embeddings',
      'rate_limit_hits',
    ]);
  });

  it('gives conversations random, unguessable uuid ids, and records who answered with what usage', async () => {
    const first = await conversationWithMessages(ai.db, 'First');
    const second = await conversationWithMessages(ai.db, 'Second');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(first).not.toBe(second);
    const conversation = await ai.db
      .selectFrom('conversations')
      .select('context')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(conversation.context).toBe('general');

    const answer = await ai.db
      .insertInto('messages')
      .values({
        conversationId: first,
        role: 'assistant',
        content: 'Pinot Noir.',
        context: 'wine',
        model: 'built-in retrieval',
        provider: 'built-in',
        promptTokens: 40,
        completionTokens: 5,
        tokens: 45,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(answer).toMatchObject({ model: 'built-in retrieval', provider: 'built-in', tokens: 45 });
    await expect(
      sql`insert into messages (conversation_id, role, content, context) values (${first}, 'user', 'x', 'poetry')`.execute(
        ai.db,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('seeds the built-in model config once, however often it runs, keeping what an admin tuned', async () => {
    await service.seed(ai.db, { env: ai.env, notice: () => {} });
    await service.seed(ai.db, { env: ai.env, notice: () => {} });
    const configs = await ai.db.selectFrom('modelConfigs').selectAll().execute();
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({
      name: 'Trail Guide (built-in)',
      provider: 'local',
      active: true,
      temperature: '0.70', // numeric comes back as text, never as a float
      maxTokens: 1000,
    });
    expect(configs[0]?.createdAt).toBeInstanceOf(Date);

    await ai.db.updateTable('modelConfigs').set({ active: false, temperature: 0.2 }).execute();
    await service.seed(ai.db, { env: ai.env, notice: () => {} });
    const [again] = await ai.db.selectFrom('modelConfigs').select(['active', 'temperature']).execute();
    expect(again).toEqual({ active: false, temperature: '0.20' });
    await ai.db.updateTable('modelConfigs').set({ active: true, temperature: 0.7 }).execute();
  });

  it('refuses a model config with an out-of-range temperature or a duplicate name', async () => {
    await expect(
      sql`insert into model_configs (name, provider, model_id, temperature) values ('hot', 'local', 'x', 2.5)`.execute(
        ai.db,
      ),
    ).rejects.toMatchObject({ code: '23514' });
    await service.seed(ai.db, { env: ai.env, notice: () => {} });
    await expect(
      sql`insert into model_configs (name, provider, model_id) values ('Trail Guide (built-in)', 'local', 'x')`.execute(
        ai.db,
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('accepts only system, user and assistant as message roles', async () => {
    const conversationId = await conversationWithMessages(ai.db, 'Roles');
    await expect(
      sql`insert into messages (conversation_id, role, content) values (${conversationId}, 'robot', 'beep')`.execute(
        ai.db,
      ),
    ).rejects.toMatchObject({ code: '23514' });
    await sql`insert into messages (conversation_id, role, content) values (${conversationId}, 'system', 'Be kind')`.execute(
      ai.db,
    );
    const roles = await ai.db
      .selectFrom('messages')
      .select('role')
      .where('conversationId', '=', conversationId)
      .orderBy('id')
      .execute();
    expect(roles.map((row) => row.role)).toEqual(['user', 'assistant', 'system']);
  });

  it("deletes a conversation's messages with it, and no one else's", async () => {
    const doomed = await conversationWithMessages(ai.db, 'Doomed');
    const kept = await conversationWithMessages(ai.db, 'Kept');
    await ai.db.deleteFrom('conversations').where('id', '=', doomed).execute();
    const left = await ai.db
      .selectFrom('messages')
      .select('conversationId')
      .where('conversationId', 'in', [doomed, kept])
      .execute();
    expect(left.map((row) => row.conversationId)).toEqual([kept, kept]);
  });

  it('keeps a conversation when its model config is deleted, and refuses an unknown one', async () => {
    const config = await ai.db
      .insertInto('modelConfigs')
      .values({ name: 'Temporary', provider: 'openai', modelId: 'gpt-test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const conversation = await ai.db
      .insertInto('conversations')
      .values({ userId: 42, title: 'Pairing', modelConfigId: config.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(conversation.updatedAt).toBeInstanceOf(Date);
    await ai.db.deleteFrom('modelConfigs').where('id', '=', config.id).execute();
    const after = await ai.db
      .selectFrom('conversations')
      .select(['userId', 'modelConfigId'])
      .where('id', '=', conversation.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ userId: 42, modelConfigId: null });

    await expect(
      sql`insert into conversations (title, model_config_id) values ('Ghost', 999999)`.execute(ai.db),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('gives knowledge entries empty tags and active by default, and drops their embeddings with them', async () => {
    const entry = await ai.db
      .insertInto('knowledgeBase')
      .values({ title: 'Hike pace', content: 'Moderate, with stops.', category: 'events' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ tags: [], isActive: true });

    const tagged = await ai.db
      .updateTable('knowledgeBase')
      .set({ tags: ['hiking', "it's steep"] })
      .where('id', '=', entry.id)
      .returning('tags')
      .executeTakeFirstOrThrow();
    expect(tagged.tags).toEqual(['hiking', "it's steep"]);

    const embedding = await ai.db
      .insertInto('knowledgeEmbeddings')
      .values({ knowledgeId: entry.id, content: entry.content, embedding: JSON.stringify([0.25, -1, 3e-7]) })
      .returning('embedding')
      .executeTakeFirstOrThrow();
    expect(embedding.embedding).toEqual([0.25, -1, 3e-7]);

    await ai.db.deleteFrom('knowledgeBase').where('id', '=', entry.id).execute();
    const left = await ai.db
      .selectFrom('knowledgeEmbeddings')
      .selectAll()
      .where('knowledgeId', '=', entry.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('stores product embeddings by catalog product id, with no foreign key into another schema', async () => {
    const row = await ai.db
      .insertInto('productEmbeddings')
      .values({ productId: 123456, content: 'Trail cap', embedding: JSON.stringify([1, 2]) })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ productId: 123456, embedding: [1, 2] });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.updatedAt).toBeInstanceOf(Date);
  });
});

describe('ai-assistant configuration', () => {
  it('starts without an OpenAI key (the built-in assistant answers) and reads one when given', () => {
    expect(ai.env.OPENAI_API_KEY).toBeUndefined();
    expect(ai.env.PORT).toBe(3006);
    const env = loadEnv(
      testEnvSource(ai.databaseUrl, {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1',
        OPENAI_MODEL: 'gpt-test',
      }),
    );
    expect(env).toMatchObject({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9999/v1' });
  });

  it('names a malformed endpoint at start', () => {
    expect(() => loadEnv(testEnvSource(ai.databaseUrl, { OPENAI_BASE_URL: 'localhost:9999' }))).toThrow(
      /OPENAI_BASE_URL: /,
    );
    expect(() => loadEnv(testEnvSource(ai.databaseUrl, { OPENAI_BASE_URL: 'localhost:9999' }))).toThrow(
      ConfigError,
    );
  });
});
