import { AGENT_MESSAGE_MAX_LENGTH, ChatMessageSchema } from '@jesus-walks/contracts/assistant';
import { describe, expect, it } from 'vitest';
import {
  canSend,
  createReplyMessage,
  createUserMessage,
  formatMessageTime,
  isSendKey,
  modelBadgeText,
  nextMessageId,
} from './chat-messages';

const now = new Date('2030-05-01T15:07:00.000Z');

describe('chat messages (SPEC.md section 3, chat message shape)', () => {
  it("builds the visitor's message, trimmed, with an id from the timestamp", () => {
    const message = createUserMessage('  What wine pairs well with salmon?\n', 'wine', now, []);
    expect(message).toEqual({
      id: String(now.getTime()),
      content: 'What wine pairs well with salmon?',
      isUser: true,
      timestamp: '2030-05-01T15:07:00.000Z',
      context: 'wine',
    });
    expect(ChatMessageSchema.parse(message)).toEqual(message);
  });

  it('never sends more than the service takes', () => {
    const message = createUserMessage('x'.repeat(AGENT_MESSAGE_MAX_LENGTH + 10), 'general', now, []);
    expect(message.content).toHaveLength(AGENT_MESSAGE_MAX_LENGTH);
  });

  it('builds a reply with its model and provider', () => {
    const previous = createUserMessage('Hi', 'general', now, []);
    const reply = createReplyMessage(
      {
        response: 'Hello!',
        context: 'general',
        model: 'retrieval',
        provider: 'built-in',
        conversationId: '0b7e5a52-93f4-4b5f-9d7c-0fbbf7a0b6f1',
      },
      now,
      [previous],
    );
    expect(reply).toMatchObject({
      content: 'Hello!',
      isUser: false,
      context: 'general',
      model: 'retrieval',
      provider: 'built-in',
    });
    expect(Number(reply.id)).toBe(now.getTime() + 1);
    expect(ChatMessageSchema.parse(reply)).toEqual(reply);
  });

  it('keeps ids unique and increasing within one millisecond', () => {
    expect(nextMessageId(now, [])).toBe(String(now.getTime()));
    expect(nextMessageId(now, [{ id: String(now.getTime() + 5) }])).toBe(String(now.getTime() + 6));
    expect(nextMessageId(now, [{ id: 'not-a-number' }])).toBe(String(now.getTime()));
  });

  it('sends only some text and never while a request is pending', () => {
    expect(canSend('', false)).toBe(false);
    expect(canSend('  \n ', false)).toBe(false);
    expect(canSend('Hi', true)).toBe(false);
    expect(canSend(' Hi ', false)).toBe(true);
  });

  it('sends on Enter, not on Shift+Enter nor while composing', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });

  it('shows the time of a message, nothing for an unreadable one', () => {
    expect(formatMessageTime(now.toISOString())).toMatch(/^\d{1,2}:07 (AM|PM)$/);
    expect(formatMessageTime('yesterday')).toBe('');
  });

  it('names the model on the badge, with its provider when the model does not say it', () => {
    expect(modelBadgeText({ model: 'gpt-4o-mini', provider: 'openai' })).toBe('gpt-4o-mini · openai');
    expect(modelBadgeText({ model: 'built-in retrieval', provider: 'built-in' })).toBe('built-in retrieval');
    expect(modelBadgeText({ model: '', provider: 'built-in' })).toBe('built-in');
    expect(modelBadgeText({})).toBeNull();
  });
});
