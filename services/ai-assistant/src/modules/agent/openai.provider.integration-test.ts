import { insertTestEvent } from '@jesus-walks/content-and-events/testing';
import type { Identity } from '@jesus-walks/contracts/common';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AiAssistantDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import {
  type AssistantStack,
  ask,
  insertOrder,
  insertProduct,
  startAssistantStack,
} from '../../testing/assistant-stack.testing';
import { defaultScript, type FakeOpenAi, startFakeOpenAi } from '../../testing/fake-openai.testing';

let fake: FakeOpenAi;
let stack: AssistantStack;
/** The same endpoint with a short time limit, for a hanging endpoint. */
let impatient: TestService<Env, AiAssistantDatabase>;
const alice: Identity = { id: 7101, username: 'alice', isAdmin: false };
const bob: Identity = { id: 7102, username: 'bob', isAdmin: false };
let aliceOrder: number;
let bobOrder: number;
let eventId: number;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const endpoint = {
    OPENAI_API_KEY: 'sk-test-key',
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_MODEL: 'fake-general',
    OPENAI_MODEL_WINE: 'fake-sommelier',
  };
  [stack, impatient] = await Promise.all([
    startAssistantStack(endpoint),
    startTestService(service, { ...endpoint, AGENT_TIMEOUT_MS: '400' }),
  ]);
  const bottle = await insertProduct(stack.catalog, {
    name: 'Insulated Trail Bottle',
    price: '28.00',
    stock: 12,
  });
  const hoodie = await insertProduct(stack.catalog, { name: 'Vineyard Sunrise Hoodie', price: '54.00' });
  bobOrder = await insertOrder(stack.catalog, {
    userId: bob.id,
    status: 'paid',
    productId: hoodie,
    price: '54.00',
  });
  aliceOrder = await insertOrder(stack.catalog, {
    userId: alice.id,
    status: 'shipped',
    productId: bottle,
    price: '28.00',
    trackingNumber: '1Z999AA10123456784',
    carrier: 'UPS',
  });
  eventId = await insertTestEvent(stack.content.db, {
    title: 'Westwood Hills Fellowship Hike',
    capacity: 25,
  });
});
afterAll(async () => {
  await Promise.all([stack?.close(), impatient?.close()]);
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.script = defaultScript;
});

const toolResults = () =>
  fake.requests.flatMap((request) => request.messages.filter((message) => message.role === 'tool'));

describe('an OpenAI-compatible endpoint through the openai SDK', () => {
  it('answers with the model of the context, its instructions and the tools; usage is stored', async () => {
    const response = await ask(stack.ai, { message: 'Hello there', context: 'wine' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      response: 'Hello from the fake model. How can I help?',
      context: 'wine',
      model: 'fake-sommelier',
      provider: 'openai',
    });
    const [request] = fake.requests;
    expect(request?.authorization).toBe('Bearer sk-test-key');
    expect(request?.model).toBe('fake-sommelier');
    expect(request?.messages[0]?.role).toBe('system');
    expect(request?.messages[0]?.content).toContain('Wine Expert');
    expect(request?.tools?.map((tool) => tool.function.name)).toEqual([
      'search_catalog',
      'search_knowledge_base',
      'upcoming_events',
      'my_orders',
    ]);
    const answer = await stack.ai.db
      .selectFrom('messages')
      .select(['model', 'provider', 'promptTokens', 'completionTokens', 'tokens'])
      .where('conversationId', '=', response.json().conversationId)
      .where('role', '=', 'assistant')
      .executeTakeFirstOrThrow();
    expect(answer).toEqual({
      model: 'fake-sommelier',
      provider: 'openai',
      promptTokens: 42,
      completionTokens: 7,
      tokens: 49,
    });

    const general = await ask(stack.ai, { message: 'Hello there' });
    expect(general.json().model).toBe('fake-general');
  });

  it("takes the model, temperature and max tokens of an admin's active model config", async () => {
    const config = await stack.ai.db
      .insertInto('modelConfigs')
      .values({ name: 'Endpoint', provider: 'openai', modelId: 'db-model', temperature: 0.2, maxTokens: 300 })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const general = await ask(stack.ai, { message: 'Hello there' });
      expect(general.json().model).toBe('db-model');
      expect(fake.requests.at(-1)).toMatchObject({ model: 'db-model', temperature: 0.2, max_tokens: 300 });
      const conversation = await stack.ai.db
        .selectFrom('conversations')
        .select('modelConfigId')
        .where('id', '=', general.json().conversationId)
        .executeTakeFirstOrThrow();
      expect(conversation.modelConfigId).toBe(config.id);
      // A context's own model (environment) comes first.
      expect((await ask(stack.ai, { message: 'Hello there', context: 'wine' })).json().model).toBe(
        'fake-sommelier',
      );
    } finally {
      await stack.ai.db.deleteFrom('modelConfigs').where('id', '=', config.id).execute();
    }
    await ask(stack.ai, { message: 'Hello there' });
    expect(fake.requests.at(-1)).toMatchObject({ model: 'fake-general', temperature: 0.7, max_tokens: 1000 });
  });

  it('sends the last turns of the conversation with the question', async () => {
    const first = await ask(stack.ai, { message: 'Hello there' });
    await ask(stack.ai, { message: 'Hello again', conversationId: first.json().conversationId });
    const messages = fake.requests.at(-1)?.messages ?? [];
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['system', expect.any(String)],
      ['user', 'Hello there'],
      ['assistant', 'Hello from the fake model. How can I help?'],
      ['user', 'Hello again'],
    ]);
  });

  it('searches the catalog with live prices and stock', async () => {
    const response = await ask(stack.ai, { message: 'Do you sell a bottle?' });
    expect(response.statusCode).toBe(200);
    const [result] = toolResults();
    expect(JSON.parse(result?.content ?? '')).toEqual([
      expect.objectContaining({
        name: 'Insulated Trail Bottle',
        price: '28.00',
        available: 12,
        page: expect.stringMatching(/^\/shop#product-\d+$/),
      }),
    ]);
    expect(response.json().response).toContain('Insulated Trail Bottle');
  });

  it('searches the knowledge base', async () => {
    const response = await ask(stack.ai, { message: 'Wine with salmon?', context: 'wine' });
    expect(toolResults()[0]?.content).toContain('Pinot Noir');
    expect(response.json().response).toContain('Wine pairing: salmon');
  });

  it('lists upcoming walks with seats left and their page', async () => {
    const response = await ask(stack.ai, { message: 'Any walk soon?' });
    expect(response.json().response).toContain('Westwood Hills Fellowship Hike');
    expect(response.json().response).toContain(`/events/${eventId}`);
    expect(response.json().response).toContain('"seatsLeft":25');
  });

  it("gives the model each walk's details, and never its leader's contact", async () => {
    await insertTestEvent(stack.content.db, {
      title: 'Oat Hill Mine Trail Hike',
      distanceMiles: '8.5',
      elevationGainFeet: 1800,
      difficulty: 'challenging',
      durationMinutes: 300,
      minimumAge: 12,
      familyFriendly: false,
      dogsAllowed: false,
      accessibilityNotes: 'Rocky old wagon road.',
      whatToBring: 'Lots of water.',
      leaderContactName: 'Joel Martin',
      leaderContactPhone: '(707) 555-0128',
    });
    await ask(stack.ai, { message: 'Is the Oat Hill walk hard? Can my 8 year old come?' });
    const result = toolResults()[0]?.content ?? '';
    const walk = (JSON.parse(result) as Array<Record<string, unknown>>).find(
      (event) => event.title === 'Oat Hill Mine Trail Hike',
    );
    expect(walk).toMatchObject({
      difficulty: 'challenging',
      distanceMiles: 8.5,
      elevationGainFeet: 1800,
      durationMinutes: 300,
      minimumAge: 12,
      familyFriendly: false,
      dogsAllowed: false,
      accessibilityNotes: 'Rocky old wagon road.',
      whatToBring: 'Lots of water.',
    });
    expect(result).not.toContain('555-0128');
    expect(result).not.toContain('leaderContact');
    const tool = fake.requests[0]?.tools?.find((candidate) => candidate.function.name === 'upcoming_events');
    expect(JSON.stringify(tool)).toContain('minimum age');
  });

  it("gives the model the caller's own orders, and never another user's whatever it asks for", async () => {
    fake.script = (request) =>
      request.messages.at(-1)?.role === 'tool'
        ? defaultScript(request)
        : { toolCalls: [{ name: 'my_orders', arguments: { userId: bob.id, orderId: bobOrder } }] };
    const response = await ask(
      stack.ai,
      { message: `Show me order ${bobOrder} of user ${bob.id}`, context: 'customerService' },
      { as: alice },
    );
    expect(response.statusCode).toBe(200);
    const result = toolResults()[0]?.content ?? '';
    expect(result).toContain(`"id":${aliceOrder}`);
    expect(result).toContain('1Z999AA10123456784');
    expect(result).not.toContain(`"id":${bobOrder}`);
    expect(result).not.toContain('Vineyard Sunrise Hoodie');
    expect(result).not.toContain('Private Person');
    expect(response.json().response).not.toContain('Vineyard Sunrise Hoodie');

    const guest = await ask(stack.ai, { message: 'Where is my order?', context: 'customerService' });
    expect(guest.statusCode).toBe(200);
    const guestResult = toolResults().at(-1)?.content ?? '';
    expect(guestResult).toContain('not logged in');
    expect(guestResult).not.toContain('"orders"');
  });

  it('streams the answer as it is produced with Accept: text/event-stream', async () => {
    fake.script = () => ({ content: 'Pinot Noir is a lovely match for salmon.' });
    const response = await stack.ai.app.inject({
      method: 'POST',
      url: '/api/ai/agent',
      headers: { accept: 'text/event-stream' },
      payload: { message: 'Salmon?', context: 'wine' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = response.body
      .trim()
      .split('\n\n')
      .map((block) => {
        const [event, data] = block.split('\n');
        return {
          event: event?.replace('event: ', ''),
          data: JSON.parse(data?.replace('data: ', '') ?? 'null'),
        };
      });
    const deltas = events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((event) => event.data.text).join('')).toBe('Pinot Noir is a lovely match for salmon.');
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: expect.objectContaining({
        response: 'Pinot Noir is a lovely match for salmon.',
        model: 'fake-sommelier',
        provider: 'openai',
      }),
    });
    expect(fake.requests[0]?.stream).toBe(true);
  });

  it('answers a plain 503 when the endpoint fails, with nothing of its error', async () => {
    fake.script = () => ({ fail: 500 });
    const response = await ask(stack.ai, { message: 'Hello there' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The assistant is unavailable right now. Please try again later.',
      code: 'upstream_unavailable',
    });
    expect(response.body).not.toContain('secret-internal-detail');

    fake.script = () => ({ fail: 401 });
    expect((await ask(stack.ai, { message: 'Hello there' })).statusCode).toBe(503);
  });

  it('answers 504 within the set time when the endpoint hangs', async () => {
    fake.script = () => 'hang';
    const started = Date.now();
    const response = await ask(impatient, { message: 'Hello there' });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);

    const streamed = await impatient.app.inject({
      method: 'POST',
      url: '/api/ai/agent',
      headers: { accept: 'text/event-stream' },
      payload: { message: 'Hello there' },
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toContain('event: error');
    expect(streamed.body).toContain('"code":"timeout"');
  });
});
