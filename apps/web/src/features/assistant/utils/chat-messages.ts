import type { AgentResponse, AssistantContext, ChatMessage } from '@jesus-walks/contracts/assistant';
import { AGENT_MESSAGE_MAX_LENGTH } from '@jesus-walks/contracts/assistant';
import { format } from 'date-fns';

/** A message of the page: the chat message shape (SPEC.md section 3), a question that failed marked. */
export type PageChatMessage = ChatMessage & {
  /** The question whose answer failed: it stays in the list with a way to send it again. */
  failed?: boolean;
};

/**
 * An id from the timestamp (SPEC.md section 3), made larger than the last one when two messages
 * fall in the same millisecond, so ids stay unique keys.
 */
export function nextMessageId(now: Date, messages: readonly Pick<ChatMessage, 'id'>[]): string {
  let id = now.getTime();
  const last = Number(messages.at(-1)?.id);
  if (Number.isFinite(last) && id <= last) id = last + 1;
  return String(id);
}

/** The question as sent: trimmed (SPEC.md section 9), never longer than the service takes. */
export function normalizeQuestion(text: string): string {
  return text.trim().slice(0, AGENT_MESSAGE_MAX_LENGTH);
}

/** Send is possible with some text and no request pending (SPEC.md section 2). */
export function canSend(text: string, pending: boolean): boolean {
  return !pending && text.trim() !== '';
}

/** Enter sends; Shift+Enter makes a new line; Enter that ends an IME composition does neither. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === 'Enter' && !event.shiftKey && !event.isComposing;
}

export function createUserMessage(
  text: string,
  context: AssistantContext,
  now: Date,
  messages: readonly PageChatMessage[],
): PageChatMessage {
  return {
    id: nextMessageId(now, messages),
    content: normalizeQuestion(text),
    isUser: true,
    timestamp: now.toISOString(),
    context,
  };
}

export function createReplyMessage(
  answer: AgentResponse,
  now: Date,
  messages: readonly PageChatMessage[],
): PageChatMessage {
  return {
    id: nextMessageId(now, messages),
    content: answer.response,
    isUser: false,
    timestamp: now.toISOString(),
    context: answer.context,
    model: answer.model,
    provider: answer.provider,
  };
}

/** The time a message shows ('3:07 PM'), empty for a timestamp that cannot be read. */
export function formatMessageTime(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'h:mm a');
}

/** The model badge of a reply: the model, with its provider when it adds something. */
export function modelBadgeText(message: Pick<ChatMessage, 'model' | 'provider'>): string | null {
  const model = message.model?.trim() ?? '';
  const provider = message.provider?.trim() ?? '';
  if (model === '' && provider === '') return null;
  if (model === '') return provider;
  if (provider === '' || model.toLowerCase().includes(provider.toLowerCase())) return model;
  return `${model} · ${provider}`;
}
