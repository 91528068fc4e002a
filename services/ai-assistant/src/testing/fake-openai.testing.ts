import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat message as the fake receives it. */
export interface FakeMessage {
  role: string;
  content?: string | null;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

export interface FakeRequest {
  model: string;
  messages: FakeMessage[];
  tools?: Array<{ function: { name: string } }>;
  stream?: boolean;
  temperature?: number;
  max_tokens?: number;
  authorization: string | undefined;
}

/** What the fake model does with a request. */
export type FakeReply =
  | { content: string }
  | { toolCalls: Array<{ name: string; arguments?: Record<string, unknown> }> }
  | { fail: number }
  | 'hang';

export interface FakeOpenAi {
  /** The base URL to give the SDK (…/v1). */
  baseUrl: string;
  requests: FakeRequest[];
  /** What POST /v1/embeddings was asked to embed, in order. */
  embedded: string[];
  /** Decides each reply; the default calls a tool by keyword, then answers with what it got. */
  script: (request: FakeRequest) => FakeReply;
  close(): Promise<void>;
}

/**
 * A local OpenAI-compatible server (POST /v1/chat/completions, plain or streamed), scripted by the
 * test: the openai SDK talks to it exactly as to a real endpoint.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    embedded: [],
    script: defaultScript,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => void handle(fake, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}

/** Calls a tool by keyword in the last question, then answers with the tool's result quoted. */
export function defaultScript(request: FakeRequest): FakeReply {
  const last = request.messages.at(-1);
  if (last?.role === 'tool') return { content: `From the tools: ${last.content}` };
  const question = (last?.content ?? '').toLowerCase();
  if (question.includes('order')) return { toolCalls: [{ name: 'my_orders', arguments: {} }] };
  if (question.includes('bottle'))
    return { toolCalls: [{ name: 'search_catalog', arguments: { query: 'bottle' } }] };
  if (question.includes('salmon'))
    return { toolCalls: [{ name: 'search_knowledge_base', arguments: { query: 'salmon' } }] };
  if (question.includes('walk')) return { toolCalls: [{ name: 'upcoming_events' }] };
  return { content: 'Hello from the fake model. How can I help?' };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const usage = { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 };

/**
 * A stand-in embedding: which words the text has, hashed into 256 dimensions (a plural counts as
 * its singular), so texts sharing words are close. Enough to tell a salmon question from a shipping one.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = Array<number>(256).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (raw.length < 3) continue;
    const word = raw.replace(/s$/, '');
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % 256] = 1;
  }
  return vector;
}

async function handle(fake: FakeOpenAi, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'POST' && req.url?.endsWith('/embeddings')) {
    const { model, input } = JSON.parse(await readBody(req)) as { model: string; input: string | string[] };
    const texts = Array.isArray(input) ? input : [input];
    fake.embedded.push(...texts);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        model,
        data: texts.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
        usage: { prompt_tokens: texts.length, total_tokens: texts.length },
      }),
    );
    return;
  }
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
    return;
  }
  const body = JSON.parse(await readBody(req)) as Omit<FakeRequest, 'authorization'>;
  const request: FakeRequest = { ...body, authorization: req.headers.authorization };
  fake.requests.push(request);
  const reply = fake.script(request);
  if (reply === 'hang') return; // never answers
  if ('fail' in reply) {
    res.writeHead(reply.fail, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        error: { message: 'secret-internal-detail: upstream exploded', type: 'server_error' },
      }),
    );
    return;
  }
  const base = { id: 'chatcmpl-fake', created: 1_700_000_000, model: request.model };
  const toolCalls =
    'toolCalls' in reply
      ? reply.toolCalls.map((call, index) => ({
          index,
          id: `call_${index}`,
          type: 'function' as const,
          function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
        }))
      : undefined;
  const content = 'content' in reply ? reply.content : null;
  const finish = toolCalls ? 'tool_calls' : 'stop';
  if (!request.stream) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
            finish_reason: finish,
          },
        ],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const chunk = (delta: object, finishReason: string | null) =>
    res.write(
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
    );
  chunk({ role: 'assistant', content: '' }, null);
  if (toolCalls) chunk({ tool_calls: toolCalls }, null);
  // The answer in pieces of a few words, as a model produces it.
  for (const piece of (content ?? '').match(/\S+\s*/g) ?? []) chunk({ content: piece }, null);
  chunk({}, finish);
  res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}
