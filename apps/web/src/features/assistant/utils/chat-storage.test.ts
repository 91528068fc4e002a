import { describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '@/lib/storage';
import type { PageChatMessage } from './chat-messages';
import { CHAT_STORAGE_KEY, loadChat, MAX_STORED_MESSAGES, parseStoredChat, saveChat } from './chat-storage';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

const conversationId = '0b7e5a52-93f4-4b5f-9d7c-0fbbf7a0b6f1';
const question: PageChatMessage = {
  id: '1',
  content: 'How do I track my order?',
  isUser: true,
  timestamp: '2030-05-01T15:07:00.000Z',
  context: 'customerService',
};
const reply: PageChatMessage = {
  id: '2',
  content: 'See /orders/status.',
  isUser: false,
  timestamp: '2030-05-01T15:07:02.000Z',
  context: 'customerService',
  model: 'retrieval',
  provider: 'built-in',
};

describe('chat storage (the conversation survives a reload)', () => {
  it('round-trips the conversation id, the context and the messages, a failed question marked', () => {
    const storage = memoryStorage();
    const chat = {
      conversationId,
      context: 'customerService' as const,
      messages: [question, reply, { ...question, id: '3', failed: true }],
    };
    saveChat(storage, chat);
    expect(storage.data.has(CHAT_STORAGE_KEY)).toBe(true);
    expect(loadChat(storage)).toEqual(chat);
  });

  it('marks a question left without an answer (a reload while waiting) as not answered', () => {
    const storage = memoryStorage();
    saveChat(storage, {
      conversationId,
      context: 'general',
      messages: [question, reply, { ...question, id: '3' }],
    });
    expect(loadChat(storage)?.messages.map((message) => message.failed)).toEqual([
      undefined,
      undefined,
      true,
    ]);
  });

  it('removes an empty chat instead of keeping it', () => {
    const storage = memoryStorage();
    saveChat(storage, { conversationId, context: 'wine', messages: [question] });
    saveChat(storage, { conversationId: undefined, context: 'wine', messages: [] });
    expect(storage.data.has(CHAT_STORAGE_KEY)).toBe(false);
    expect(loadChat(storage)).toBeNull();
  });

  it('keeps the last messages only', () => {
    const storage = memoryStorage();
    const many = Array.from({ length: MAX_STORED_MESSAGES + 5 }, (_, i) => ({ ...question, id: String(i) }));
    saveChat(storage, { conversationId, context: 'general', messages: many });
    const loaded = loadChat(storage);
    expect(loaded?.messages).toHaveLength(MAX_STORED_MESSAGES);
    expect(loaded?.messages[0]?.id).toBe('5');
  });

  it('reads tolerantly: bad messages dropped, a bad id or context replaced, junk ignored', () => {
    expect(
      parseStoredChat({
        conversationId: 'not-a-uuid',
        context: 'sales',
        messages: [reply, { id: 3, content: '<b>x</b>' }, 'junk'],
      }),
    ).toEqual({ conversationId: undefined, context: 'general', messages: [reply] });
    expect(parseStoredChat('junk')).toBeNull();
    expect(parseStoredChat(undefined)).toBeNull();

    const storage = memoryStorage();
    storage.setItem(CHAT_STORAGE_KEY, '{not json');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(loadChat(storage)).toBeNull();
    warn.mockRestore();
  });

  it('does nothing without a storage (server render, privacy modes)', () => {
    expect(loadChat(null)).toBeNull();
    expect(() => saveChat(null, { conversationId, context: 'general', messages: [question] })).not.toThrow();
  });
});
