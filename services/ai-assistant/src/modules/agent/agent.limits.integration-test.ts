import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Identity } from '@jesus-walks/contracts/common';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiAssistantDatabase } from '../../db/database';
import { type Env, loadEnv } from '../../env';
import { service } from '../../service';
import { ask } from '../../testing/assistant-stack.testing';

/** Small limits, to reach them quickly (no peers: the knowledge base answers). */
let strict: TestService<Env, AiAssistantDatabase>;
/** A catalog that accepts connections and never answers, and an assistant that waits for it. */
let hanging: Server;
let slow: TestService<Env, AiAssistantDatabase>;

beforeAll(async () => {
  hanging = createServer(() => {});
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const { port } = hanging.address() as AddressInfo;
  [strict, slow] = await Promise.all([
    startTestService(service, {
      AGENT_QUESTIONS_PER_ADDRESS_PER_HOUR: '5',
      AGENT_QUESTIONS_PER_MEMBER_PER_HOUR: '3',
      AGENT_QUESTIONS_PER_CONVERSATION_PER_HOUR: '2',
    }),
    startTestService(service, {
      CATALOG_AND_ORDERS_URL: `http://127.0.0.1:${port}`,
      AGENT_TIMEOUT_MS: '300',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([strict?.close(), slow?.close()]);
  hanging?.closeAllConnections();
  await new Promise((resolve) => hanging?.close(resolve));
});

const member = (id: number): Identity => ({ id, username: `member${id}`, isAdmin: false });

describe('limits', () => {
  it('limits questions per conversation', async () => {
    const first = await ask(
      strict,
      { message: 'What wine pairs well with salmon?' },
      { address: '198.51.100.1' },
    );
    const conversationId = first.json().conversationId;
    const second = await ask(
      strict,
      { message: 'Tell me more', conversationId },
      { address: '198.51.100.1' },
    );
    expect(second.statusCode).toBe(200);
    const third = await ask(strict, { message: 'Tell me more', conversationId }, { address: '198.51.100.1' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      message: 'This conversation has had too many questions in the last hour. Please try again later.',
      code: 'rate_limited',
    });
    // Refused questions are not stored.
    const stored = await strict.db
      .selectFrom('messages')
      .select('id')
      .where('conversationId', '=', conversationId)
      .execute();
    expect(stored).toHaveLength(4);
  });

  it('limits a member per account, whatever the conversation or address', async () => {
    const carol = member(8301);
    for (let i = 0; i < 3; i++) {
      const response = await ask(
        strict,
        { message: 'What to bring on a hike?' },
        { as: carol, address: `198.51.100.${20 + i}` },
      );
      expect(response.statusCode).toBe(200);
    }
    const fourth = await ask(
      strict,
      { message: 'What to bring on a hike?' },
      { as: carol, address: '198.51.100.30' },
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(
      'You have asked the assistant too many questions in the last hour. Please try again later.',
    );
    expect(
      (await ask(strict, { message: 'Hello' }, { as: member(8302), address: '198.51.100.31' })).statusCode,
    ).toBe(200);
  });

  it('limits a client address across new conversations, even all at once; another address still asks', async () => {
    const address = '203.0.113.77';
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        ask(strict, { message: 'What wine pairs well with pasta?' }, { address }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json().message).toBe(
      'Too many questions from your network in the last hour. Please try again later.',
    );
    expect((await ask(strict, { message: 'Hello' }, { address: '203.0.113.78' })).statusCode).toBe(200);
  });

  it('default to limits a conversation and a family fit in', () => {
    expect(
      loadEnv({
        ...process.env,
        DATABASE_URL: strict.databaseUrl,
        INTERNAL_TOKEN: 'x'.repeat(40),
        IDENTITY_SIGNING_KEY: 'y'.repeat(40),
        SESSION_SECRET: 'z'.repeat(40),
      }),
    ).toMatchObject({
      AGENT_QUESTIONS_PER_ADDRESS_PER_HOUR: 120,
      AGENT_QUESTIONS_PER_MEMBER_PER_HOUR: 60,
      AGENT_QUESTIONS_PER_CONVERSATION_PER_HOUR: 30,
      AGENT_TIMEOUT_MS: 20_000,
    });
  });
});

describe('a reply that takes too long', () => {
  it('is a 504 with a plain message within the set time, and no answer is stored', async () => {
    const started = Date.now();
    const response = await ask(slow, { message: 'Do you sell a trail bottle?' });
    const took = Date.now() - started;
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      message: 'The assistant is taking too long to answer right now. Please try again in a moment.',
      code: 'timeout',
    });
    expect(took).toBeLessThan(2_000);
    const answers = await slow.db
      .selectFrom('messages')
      .select('id')
      .where('role', '=', 'assistant')
      .execute();
    expect(answers).toEqual([]);
  });
});
