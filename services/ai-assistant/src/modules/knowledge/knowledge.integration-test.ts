import { AuditLogQuerySchema } from '@jesus-walks/contracts/audit';
import { listAuditEntries } from '@jesus-walks/service-kit/audit';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiAssistantDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { searchWords } from '../agent/built-in.provider';
import { knowledgeSeeds } from './knowledge.content';
import { searchKnowledge } from './knowledge.repository';

let ai: TestService<Env, AiAssistantDatabase>;

beforeAll(async () => {
  ai = await startTestService(service);
});
afterAll(() => ai?.close());

const titlesFor = async (question: string, preferredCategories: string[] = []) =>
  (await searchKnowledge(ai.db, searchWords(question), { preferredCategories })).map((hit) => hit.title);

describe('the knowledge base', () => {
  it('is there from the first start, once, however often the seed runs, keeping an admin’s changes', async () => {
    await service.seed(ai.db, { env: ai.env, notice: () => {} });
    await ai.db
      .updateTable('knowledgeBase')
      .set({ isActive: false, content: 'Edited by an admin.' })
      .where('seedKey', '=', 'payment-methods')
      .execute();
    await service.seed(ai.db, { env: ai.env, notice: () => {} });
    const rows = await ai.db.selectFrom('knowledgeBase').select(['seedKey', 'isActive', 'content']).execute();
    expect(rows).toHaveLength(knowledgeSeeds.length);
    expect(rows.find((row) => row.seedKey === 'payment-methods')).toMatchObject({
      isActive: false,
      content: 'Edited by an admin.',
    });
    expect(await titlesFor('How can I pay, Apple Pay?')).not.toContain('Ways to pay in the shop');
  });

  it('ranks entries by full-text search over title, tags and content, stemming words', async () => {
    expect((await titlesFor('What wine pairs well with salmon?'))[0]).toBe('Wine pairing: salmon');
    expect((await titlesFor('Can you recommend a good red wine under $30?'))[0]).toBe(
      'Good red wines under $30',
    );
    expect((await titlesFor('How can I track my order?'))[0]).toBe('Tracking your order');
    expect((await titlesFor('Is the walk wheelchair accessible?'))[0]).toBe('Accessibility of the walks');
    expect((await titlesFor('Returning a shirt for a refund'))[0]).toBe('Returns, exchanges and refunds');
    expect(await titlesFor('What is the capital of Mongolia?')).toEqual([]);
  });

  it('searches through the GIN index', async () => {
    const plan = await ai.db.transaction().execute(async (trx) => {
      // A handful of rows would be scanned anyway: ask what the index is used for.
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select id from knowledge_base
        where search_vector @@ websearch_to_tsquery('english', 'salmon')`.execute(trx);
    });
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('knowledge_base_search_idx');
  });
});

describe('the admins’ knowledge base routes', () => {
  const url = '/api/ai/knowledge';
  const entry = {
    title: 'Dogs on our walks',
    content: 'Well-behaved dogs on a short leash are welcome on park walks, never on vineyard walks.',
    category: 'hiking',
    tags: ['dogs', 'pets'],
  };

  it('are for admins only', async () => {
    expect((await ai.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await ai.app.inject({ url, headers: await identityHeaders(testUser, 'GET', url) })).statusCode,
    ).toBe(403);
    const post = await ai.app.inject({
      method: 'POST',
      url,
      headers: await identityHeaders(testUser, 'POST', url),
      payload: entry,
    });
    expect(post.statusCode).toBe(403);
  });

  it('create an entry the assistant answers from at once, edit it, and deactivate it', async () => {
    const created = await ai.app.inject({
      method: 'POST',
      url,
      headers: await identityHeaders(testAdmin, 'POST', url),
      payload: { ...entry, title: '  Dogs on our walks  ' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...entry, isActive: true });
    const { id } = created.json();
    expect(await titlesFor('Can I bring my dog?')).toContain('Dogs on our walks');

    const path = `${url}/${id}`;
    const edited = await ai.app.inject({
      method: 'PUT',
      url: path,
      headers: await identityHeaders(testAdmin, 'PUT', path),
      payload: { ...entry, title: 'Dogs and other pets', isActive: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, title: 'Dogs and other pets', isActive: false });
    expect(await titlesFor('Can I bring my dog?')).not.toContain('Dogs and other pets');

    const list = await ai.app.inject({ url, headers: await identityHeaders(testAdmin, 'GET', url) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(expect.objectContaining({ id, isActive: false }));
    expect(list.json().length).toBeGreaterThanOrEqual(knowledgeSeeds.length + 1);

    const missing = '/api/ai/knowledge/999999';
    const unknown = await ai.app.inject({
      method: 'PUT',
      url: missing,
      headers: await identityHeaders(testAdmin, 'PUT', missing),
      payload: entry,
    });
    expect(unknown.statusCode).toBe(404);

    const blank = await ai.app.inject({
      method: 'POST',
      url,
      headers: await identityHeaders(testAdmin, 'POST', url),
      payload: { ...entry, title: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('Title is required');

    // The activity record: who added and deactivated the entry, in the same transactions; the
    // refused edit and the blank entry left nothing.
    const record = await listAuditEntries(
      ai.db,
      'ai-assistant',
      AuditLogQuerySchema.parse({ targetType: 'knowledge' }),
    );
    expect(record.entries.map((e) => e.action)).toEqual(['knowledge.deactivated', 'knowledge.created']);
    const [deactivated, added] = record.entries;
    expect(added).toMatchObject({
      actor: { id: testAdmin.id, username: testAdmin.username },
      target: { type: 'knowledge', id: String(id), label: 'Dogs on our walks' },
    });
    expect(deactivated?.changes).toMatchObject({
      title: { from: 'Dogs on our walks', to: 'Dogs and other pets' },
      isActive: { from: true, to: false },
    });
    expect(deactivated?.summary).toContain('no longer answers from it');
  });
});
