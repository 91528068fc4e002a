import { AgentResponseSchema } from '@jesus-walks/contracts/assistant';
import type { Identity } from '@jesus-walks/contracts/common';
import { jobsOf, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssistantStack, ask, startAssistantStack } from '../../testing/assistant-stack.testing';
import { FORGET_IDLE_CONVERSATIONS_JOB } from './privacy.jobs';
import { ANONYMOUS_CONVERSATION_RETENTION_DAYS } from './privacy.service';

// A visitor's conversations carry no account to delete them with: the daily job deletes them
// ANONYMOUS_CONVERSATION_RETENTION_DAYS after their last message. A member's stay until they
// delete their account.

let stack: AssistantStack;
beforeAll(async () => {
  stack = await startAssistantStack();
});
afterAll(() => stack?.close());

const member: Identity = { id: 5151, username: 'kept-member', isAdmin: false };

async function conversation(as: Identity | null, address: string): Promise<string> {
  const response = await ask(stack.ai, { message: 'When is the next walk?' }, { as, address });
  expect(response.statusCode, response.body).toBe(200);
  return AgentResponseSchema.parse(response.json()).conversationId;
}

async function idleFor(conversationId: string, days: number): Promise<void> {
  await stack.ai.db
    .updateTable('conversations')
    .set({ updatedAt: sql<Date>`now() - make_interval(days => ${days})` })
    .where('id', '=', conversationId)
    .execute();
}

async function remaining(ids: string[]): Promise<string[]> {
  const rows = await stack.ai.db.selectFrom('conversations').select('id').where('id', 'in', ids).execute();
  return ids.filter((id) => rows.some((row) => row.id === id));
}

describe('anonymous conversations retention', () => {
  it(`deletes a visitor's conversation ${ANONYMOUS_CONVERSATION_RETENTION_DAYS} days after its last message, with its messages and counts`, async () => {
    const stale = await conversation(null, '203.0.113.71');
    const recent = await conversation(null, '203.0.113.72');
    const members = await conversation(member, '203.0.113.73');
    await idleFor(stale, ANONYMOUS_CONVERSATION_RETENTION_DAYS + 1);
    await idleFor(recent, ANONYMOUS_CONVERSATION_RETENTION_DAYS - 1);
    await idleFor(members, ANONYMOUS_CONVERSATION_RETENTION_DAYS + 100);

    await stack.ai.jobs.enqueue(stack.ai.db, FORGET_IDLE_CONVERSATIONS_JOB, {});
    await waitForJobs(stack.ai.db, { names: [FORGET_IDLE_CONVERSATIONS_JOB], timeoutMs: 20_000 });
    expect((await jobsOf(stack.ai.db, FORGET_IDLE_CONVERSATIONS_JOB)).at(-1)?.state).toBe('completed');

    expect(await remaining([stale, recent, members])).toEqual([recent, members]);
    const messages = await stack.ai.db
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', stale)
      .execute();
    expect(messages).toEqual([]);
    const counts = await stack.ai.db
      .selectFrom('rateLimitHits')
      .select('id')
      .where('key', '=', `conversation:${stale}`)
      .execute();
    expect(counts).toEqual([]);
  });
});
