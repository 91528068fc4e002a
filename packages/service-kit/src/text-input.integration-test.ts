import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService, type ServiceApp } from './create-service';
import type { Migrations } from './database';

/**
 * Text Postgres cannot store answers 400 in every service: the kit refuses it before any route
 * runs, and maps the database's own refusal to 400 where text reaches it some other way.
 */
const migrations: Migrations = {
  '0001_notes': {
    up: async (db) => {
      await sql`create table notes (id serial primary key, body text not null, extra jsonb)`.execute(db);
    },
  },
};

let database: TestDatabase<unknown>;
let app: ServiceApp;

beforeAll(async () => {
  database = await createTestDatabase({ schema: 'text_input_test', migrations });
  app = createService({
    name: 'text-input-test',
    logger: false,
    identitySigningKey: testSecrets.IDENTITY_SIGNING_KEY,
    internalToken: testSecrets.INTERNAL_TOKEN,
  });
  const NoteSchema = z.object({ body: z.string(), tags: z.array(z.string()).optional() });
  app.post('/notes', { schema: { body: NoteSchema } }, async (request, reply) => {
    await sql`insert into notes (body, extra) values (${request.body.body}, ${JSON.stringify(request.body)})`.execute(
      database.db,
    );
    return reply.code(201).send({ ok: true });
  });
  app.get(
    '/notes/:word',
    { schema: { querystring: z.object({ q: z.string().optional() }) } },
    async (request) => {
      const { rows } =
        await sql`select count(*)::int as n from notes where body = ${(request.query as { q?: string }).q ?? ''}`.execute(
          database.db,
        );
      return rows[0];
    },
  );
  // Text that reaches the database without passing through params, query or body.
  app.post('/notes-from-header', async (request, reply) => {
    const body = Buffer.from(String(request.headers['x-note-hex'] ?? ''), 'hex').toString('latin1');
    await sql`insert into notes (body) values (${body})`.execute(database.db);
    return reply.code(201).send({ ok: true });
  });
  app.post('/notes-jsonb', async (request, reply) => {
    const text = String(request.headers['x-note-json'] ?? '{}');
    await sql`insert into notes (body, extra) values ('jsonb', ${text}::jsonb)`.execute(database.db);
    return reply.code(201).send({ ok: true });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const postJson = (url: string, payload: string | Buffer) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

describe('text input checks', () => {
  it('refuses a NUL in a body string with 400, naming the field', async () => {
    const response = await postJson('/notes', JSON.stringify({ body: 'walk\u0000er' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request is not valid',
      code: 'validation_failed',
      issues: [{ path: ['body', 'body'], message: 'Must not contain a NUL character (U+0000)' }],
    });
  });

  it('refuses a NUL deep in arrays and in field names', async () => {
    const nested = await postJson('/notes', JSON.stringify({ body: 'ok', tags: ['fine', 'bad\u0000'] }));
    expect(nested.statusCode).toBe(400);
    expect(nested.json().issues).toEqual([
      { path: ['body', 'tags', 1], message: 'Must not contain a NUL character (U+0000)' },
    ]);
    const key = await postJson('/notes', '{"body":"ok","a\\u0000b":1}');
    expect(key.statusCode).toBe(400);
    expect(key.json().issues[0].path).toEqual(['body']);
  });

  it('refuses lone surrogates, keeps proper surrogate pairs', async () => {
    for (const text of ['\\ud800', 'a\\udc00b', '\\udc00\\ud800']) {
      const response = await postJson('/notes', `{"body":"${text}"}`);
      expect(response.statusCode, text).toBe(400);
      expect(response.json().issues[0]).toMatchObject({ path: ['body', 'body'] });
    }
    expect((await postJson('/notes', '{"body":"\\ud83e\\udd7e boots"}')).statusCode).toBe(201);
    expect((await postJson('/notes', JSON.stringify({ body: 'Caf\u00e9 \u{1F97E}' }))).statusCode).toBe(201);
  });

  it('refuses a JSON body that is not valid UTF-8 with 400', async () => {
    const invalid = Buffer.concat([
      Buffer.from('{"body":"caf'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const response = await postJson('/notes', invalid);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    const overlong = Buffer.concat([Buffer.from('{"body":"'), Buffer.from([0xc0, 0x80]), Buffer.from('"}')]);
    expect((await postJson('/notes', overlong)).statusCode).toBe(400);
  });

  it('keeps the JSON parser strict: bad JSON and prototype poisoning are still 400', async () => {
    expect((await postJson('/notes', '{not json')).statusCode).toBe(400);
    expect((await postJson('/notes', '{"body":"x","__proto__":{"admin":true}}')).statusCode).toBe(400);
    expect((await postJson('/notes', '')).statusCode).toBe(400);
  });

  it('refuses a NUL in the query and in path params', async () => {
    const query = await app.inject({ url: '/notes/walk?q=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json().issues[0].path).toEqual(['querystring', 'q']);
    const params = await app.inject({ url: '/notes/wa%00lk' });
    expect(params.statusCode).toBe(400);
    expect(params.json().issues[0].path).toEqual(['params', 'word']);
    expect((await app.inject({ url: '/notes/walk?q=fine' })).statusCode).toBe(200);
  });

  it('survives a deeply nested body', async () => {
    const deep = `{"body":"x","tags":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    expect((await postJson('/notes', deep)).statusCode).toBe(400);
  });
});

describe('the database refusing text (backstop)', () => {
  it('maps character_not_in_repertoire (22021) to 400', async () => {
    // latin1 of 00 gives a NUL that never went through params, query or body.
    const response = await app.inject({
      method: 'POST',
      url: '/notes-from-header',
      headers: { 'x-note-hex': '6100' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The request contains characters that cannot be stored',
      code: 'validation_failed',
    });
  });

  it('maps untranslatable_character (22P05) to 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/notes-jsonb',
      headers: { 'x-note-json': '{"a":"\\u0000"}' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});
