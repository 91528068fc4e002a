import { assistantRoutes } from '@jesus-walks/contracts/assistant';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/api-stubs';
import { askAssistant } from './ask-assistant';

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
