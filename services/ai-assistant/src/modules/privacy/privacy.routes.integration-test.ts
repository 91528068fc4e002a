import { AgentResponseSchema } from '@jesus-walks/contracts/assistant';
import type { Identity } from '@jesus-walks/contracts/common';
import { MemberDataPartSchema, MemberErasureSchema, type MemberRef } from '@jesus-walks/contracts/privacy';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import { findPersonalData } from '@jesus-walks/test-kit/personal-data';
import { identityHeaders, internalHeader } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssistantStack, ask, startAssistantStack } from '../../testing/assistant-stack.testing';

let stack: AssistantStack;

const MARIA = { name: 'Mariella Quintanilla', email: 'mariella.q@example.com', phone: '+1 707 555 0142' };
const maria: Identity = { id: 4242, username: 'maria-q', isAdmin: false };
const peter: Identity = { id: 4343, username: 'peter-o', isAdmin: false };
const admin: Identity = { id: 4444, username: 'admin-erased', isAdmin: true };
const ref = (who: Identity, email: string): MemberRef => ({
  userId: who.id,
  emails: [email],
  usernames: [who.username],
});
const SCHEMA = schemaNameOf('ai-assistant');

beforeAll(async () => {
  stack = await startAssistantStack();
});
afterAll(() => stack?.close());

const call = (action: 'export' | 'erase', body: MemberRef) =>
  stack.ai.app.inject({
    method: 'POST',
    url: `/internal/privacy/ai-assistant/${action}`,
    headers: internalHeader,
    payload: body,
  });

describe('a member’s data in ai-assistant', () => {
  let mariasConversation: string;

  beforeAll(async () => {
    const first = await ask(
      stack.ai,
      {
        message: `Hi, I am ${MARIA.name}, write to ${MARIA.email} or call ${MARIA.phone}. Which walks are next?`,
      },
      { as: maria },
    );
    expect(first.statusCode).toBe(200);
    mariasConversation = AgentResponseSchema.parse(first.json()).conversationId;
    const again = await ask(
      stack.ai,
      { message: 'And what should I wear?', conversationId: mariasConversation },
      { as: maria },
    );
    expect(again.statusCode).toBe(200);
    expect(
      (await ask(stack.ai, { message: 'Peter asks about wine tasting' }, { as: peter })).statusCode,
    ).toBe(200);
    // An admin edits the knowledge: the activity record names them.
    const url = '/api/ai/knowledge';
    const created = await stack.ai.app.inject({
      method: 'POST',
      url,
      headers: await identityHeaders(admin, 'POST', url),
      payload: { title: 'Trail etiquette', content: 'Stay on the trail.', category: 'general' },
    });
    expect(created.statusCode).toBe(201);
  });

  it('exports her conversations with their messages, and nobody else’s', async () => {
    const response = await call('export', ref(maria, MARIA.email));
    expect(response.statusCode).toBe(200);
    const part = MemberDataPartSchema.parse(response.json());
    expect(part.service).toBe('ai-assistant');
    expect(part.sections.conversations).toHaveLength(1);
    const [conversation] = part.sections.conversations ?? [];
    expect(conversation).toMatchObject({ id: mariasConversation });
    const messages = conversation?.messages as Array<{ from: string; text: string; at: string }>;
    expect(messages.map((message) => message.from)).toEqual(['you', 'assistant', 'you', 'assistant']);
    expect(messages[0]?.text).toContain(MARIA.email);
    expect(JSON.stringify(part)).not.toContain('Peter asks');
  });

  it('erases her conversations and their counts, and nothing of hers is left in any table', async () => {
    const response = await call('erase', ref(maria, MARIA.email));
    expect(response.statusCode).toBe(200);
    const { erased } = MemberErasureSchema.parse(response.json());
    expect(erased.conversations).toBe(1);
    expect(erased.rateLimitHits).toBeGreaterThan(0);
    expect(await findPersonalData(stack.ai.db, SCHEMA, [MARIA.name, MARIA.email, MARIA.phone])).toEqual([]);
    const left = await stack.ai.db
      .selectFrom('rateLimitHits')
      .select('key')
      .where('key', 'in', [`user:${maria.id}`, `conversation:${mariasConversation}`])
      .execute();
    expect(left).toEqual([]);
    // Peter's conversation is his.
    const peters = await stack.ai.db
      .selectFrom('conversations')
      .select('id')
      .where('userId', '=', peter.id)
      .execute();
    expect(peters).toHaveLength(1);
  });

  it('erases nothing the second time, and succeeds', async () => {
    const response = await call('erase', ref(maria, MARIA.email));
    expect(response.statusCode).toBe(200);
    expect(MemberErasureSchema.parse(response.json()).erased).toEqual({
      conversations: 0,
      rateLimitHits: 0,
      auditEntries: 0,
    });
  });

  it('keeps an erased admin’s entries in the activity record, without their username', async () => {
    const response = await call('erase', ref(admin, 'admin-erased@example.com'));
    expect(MemberErasureSchema.parse(response.json()).erased.auditEntries).toBe(1);
    expect(await findPersonalData(stack.ai.db, SCHEMA, [admin.username])).toEqual([]);
    const record = await stack.ai.app.inject({
      url: '/internal/audit-log/ai-assistant',
      headers: internalHeader,
    });
    expect(record.statusCode).toBe(200);
    const entries = (record.json() as { entries: Array<{ actor: { id: number | null } }> }).entries;
    const theirs = entries.filter((entry) => entry.actor.id === admin.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(
      theirs.every(
        (entry) => JSON.stringify(entry.actor) === JSON.stringify({ id: admin.id, username: null }),
      ),
    ).toBe(true);
    const list = await stack.ai.app.inject({
      url: '/api/ai/knowledge',
      headers: await identityHeaders({ ...admin, id: 4545 }, 'GET', '/api/ai/knowledge'),
    });
    expect(list.statusCode).toBe(200);
  });
});
