import { assistantRoutes } from '@jesus-walks/contracts/assistant';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { AgentStreamError, askAssistant, readAgentStream } from './ask-assistant';

afterEach(() => {
  vi.unstubAllGlobals();
});

const conversationId = '0b7e5a52-93f4-4b5f-9d7c-0fbbf7a0b6f1';
const answer = {
  response: 'A Pinot Noir.',
  context: 'wine',
  model: 'retrieval',
  provider: 'built-in',
  conversationId,
};

describe('POST /api/ai/agent (SPEC.md section 7, AI)', () => {
  it('sends the message, its context and the conversation, and answers the checked reply', async () => {
    const fetchMock = stubFetch(jsonResponse(answer));
    expect(
      await askAssistant({ message: 'What wine pairs well with salmon?', context: 'wine', conversationId }),
    ).toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(assistantRoutes.agent.path);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Accept')).toBe('text/event-stream');
    expect(JSON.parse(String(init?.body))).toEqual({
      message: 'What wine pairs well with salmon?',
      context: 'wine',
      conversationId,
    });
  });

  it('fails on an error answer and on an answer of another shape', async () => {
    stubFetch(
      jsonResponse({ message: 'Too many questions' }, { status: 429, statusText: 'Too Many Requests' }),
    );
    await expect(askAssistant({ message: 'Hi', context: 'general' })).rejects.toMatchObject({
      message: 'HTTP 429: Too Many Requests',
    });
    stubFetch(jsonResponse({ reply: 'Hi' }));
    await expect(askAssistant({ message: 'Hi', context: 'general' })).rejects.toThrow(
      'Unexpected response from server',
    );
  });

  it('starts a new conversation when the kept one is unknown to the service', async () => {
    let calls = 0;
    const fetchMock = vi.fn<typeof fetch>(async () => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ message: 'Conversation not found' }, { status: 404, statusText: 'Not Found' })
        : jsonResponse(answer);
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await askAssistant({ message: 'Hi', context: 'general', conversationId })).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      message: 'Hi',
      context: 'general',
    });
  });

  it('does not retry a 404 without a conversation', async () => {
    const fetchMock = stubFetch(
      jsonResponse({ message: 'Not found' }, { status: 404, statusText: 'Not Found' }),
    );
    await expect(askAssistant({ message: 'Hi', context: 'general' })).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

/** A streamed answer: `chunks` as they come, cut anywhere. */
function streamResponse(chunks: string[], init: ResponseInit = { status: 200 }): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' }, ...init });
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The whole stream cut into pieces of `size` characters. */
function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

describe('POST /api/ai/agent streamed (server-sent events)', () => {
  const whole = `${sse('delta', { text: 'A Pinot' })}: keep-alive\n\n${sse('delta', { text: ' Noir.' })}${sse('done', answer)}`;

  it('grows the text as deltas arrive and answers the final event, however the stream is cut', async () => {
    for (const size of [1, 3, 7, 20, whole.length]) {
      stubFetch(streamResponse(cut(whole, size)));
      const seen: string[] = [];
      expect(
        await askAssistant({ message: 'Salmon?', context: 'wine' }, { onText: (text) => seen.push(text) }),
      ).toEqual(answer);
      expect(seen).toEqual(['A Pinot', 'A Pinot Noir.']);
    }
  });

  it('fails on an error event, after the text so far', async () => {
    stubFetch(
      streamResponse([
        sse('delta', { text: 'A Pi' }),
        sse('error', { message: 'The assistant is taking too long', code: 'timeout' }),
      ]),
    );
    const seen: string[] = [];
    const failure = askAssistant(
      { message: 'Salmon?', context: 'wine' },
      { onText: (text) => seen.push(text) },
    );
    await expect(failure).rejects.toBeInstanceOf(AgentStreamError);
    await expect(failure).rejects.toMatchObject({ code: 'timeout' });
    expect(seen).toEqual(['A Pi']);
  });

  it('fails when the stream ends without its final event, or in the middle of it', async () => {
    stubFetch(streamResponse([sse('delta', { text: 'A Pinot' })]));
    await expect(askAssistant({ message: 'Salmon?', context: 'wine' })).rejects.toThrow(
      'The answer ended before it was complete',
    );
    stubFetch(streamResponse([sse('done', answer).slice(0, -1)]));
    await expect(askAssistant({ message: 'Salmon?', context: 'wine' })).rejects.toBeInstanceOf(
      AgentStreamError,
    );
    stubFetch(streamResponse([]));
    await expect(askAssistant({ message: 'Salmon?', context: 'wine' })).rejects.toBeInstanceOf(
      AgentStreamError,
    );
  });

  it('checks each event against the contract', async () => {
    stubFetch(streamResponse([sse('delta', { words: 'A Pinot' }), sse('done', answer)]));
    await expect(askAssistant({ message: 'Salmon?', context: 'wine' })).rejects.toThrow(
      "Unexpected 'delta' event from server",
    );
    stubFetch(streamResponse([sse('done', { ...answer, conversationId: 'not-a-uuid' })]));
    await expect(askAssistant({ message: 'Salmon?', context: 'wine' })).rejects.toThrow(
      "Unexpected 'done' event from server",
    );
    stubFetch(streamResponse(['event: done\ndata: {not json\n\n']));
    await expect(askAssistant({ message: 'Salmon?', context: 'wine' })).rejects.toThrow(
      "Invalid JSON in the 'done' event",
    );
  });

  it('reads past events it does not know', async () => {
    const seen: string[] = [];
    expect(
      await readAgentStream(
        streamResponse([sse('usage', { tokens: 3 }), sse('delta', { text: 'Hi' }), sse('done', answer)]),
        (text) => seen.push(text),
      ),
    ).toEqual(answer);
    expect(seen).toEqual(['Hi']);
  });

  it('fails on a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(askAssistant({ message: 'Hi', context: 'general' })).rejects.toThrow('Failed to fetch');
  });

  it('fails when the connection breaks mid-stream', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(sse('delta', { text: 'A Pinot' })));
        controller.error(new TypeError('network error'));
      },
    });
    stubFetch(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
    await expect(askAssistant({ message: 'Hi', context: 'general' })).rejects.toThrow('network error');
  });

  it('starts a new conversation when the kept one is unknown, then streams', async () => {
    let calls = 0;
    const fetchMock = vi.fn<typeof fetch>(async () => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ message: 'Conversation not found' }, { status: 404, statusText: 'Not Found' })
        : streamResponse([sse('delta', { text: 'Hi' }), sse('done', answer)]);
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await askAssistant({ message: 'Hi', context: 'general', conversationId })).toEqual(answer);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads a 504 answered as JSON as a failed call', async () => {
    stubFetch(
      jsonResponse({ message: 'Too slow', code: 'timeout' }, { status: 504, statusText: 'Gateway Timeout' }),
    );
    await expect(askAssistant({ message: 'Hi', context: 'general' })).rejects.toMatchObject({
      message: 'HTTP 504: Gateway Timeout',
      code: 'timeout',
    });
  });
});
