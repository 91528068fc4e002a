import {
  type AssistantContext,
  AssistantContextSchema,
  ChatMessageSchema,
} from '@jesus-walks/contracts/assistant';
import { z } from 'zod';
import { type KeyValueStorage, readJson, removeKey, writeJson } from '@/lib/storage';
import type { PageChatMessage } from './chat-messages';

/**
 * The conversation survives a reload: kept in the tab's session storage (it may hold a member's
 * order details, so it ends with the tab), read once the page is mounted, never while rendering.
 */
export const CHAT_STORAGE_KEY = 'jesus-walks:assistant-chat';

/** The most messages kept; older ones drop off (the service keeps the conversation itself). */
export const MAX_STORED_MESSAGES = 100;

export interface StoredChat {
  conversationId: string | undefined;
  context: AssistantContext;
  messages: PageChatMessage[];
}

const StoredChatSchema = z.object({
  conversationId: z.uuid().optional().catch(undefined),
  context: AssistantContextSchema.catch('general'),
  messages: z.array(z.unknown()).catch([]),
});

const StoredMessageSchema = ChatMessageSchema.extend({ failed: z.boolean().optional() });

/** What the storage holds, checked; unreadable messages are dropped, anything unusable is null. */
export function parseStoredChat(value: unknown): StoredChat | null {
  const parsed = StoredChatSchema.safeParse(value);
  if (!parsed.success) return null;
  const messages = parsed.data.messages.flatMap((message) => {
    const checked = StoredMessageSchema.safeParse(message);
    if (!checked.success) return [];
    const { failed, ...rest } = checked.data;
    return [failed ? { ...rest, failed } : rest];
  });
  return {
    conversationId: parsed.data.conversationId,
    context: parsed.data.context,
    messages: messages.slice(-MAX_STORED_MESSAGES),
  };
}

/**
 * The kept chat. A question left last without an answer (the page was reloaded while waiting)
 * comes back marked as not answered, so it can be sent again.
 */
export function loadChat(storage: KeyValueStorage | null): StoredChat | null {
  const chat = parseStoredChat(readJson(storage, CHAT_STORAGE_KEY));
  const last = chat?.messages.at(-1);
  if (!chat || !last?.isUser || last.failed) return chat;
  return { ...chat, messages: [...chat.messages.slice(0, -1), { ...last, failed: true }] };
}

/** Saves the chat; an empty one (nothing asked, no conversation) is removed instead. */
export function saveChat(storage: KeyValueStorage | null, chat: StoredChat): void {
  if (chat.messages.length === 0 && chat.conversationId === undefined) {
    removeKey(storage, CHAT_STORAGE_KEY);
    return;
  }
  writeJson(storage, CHAT_STORAGE_KEY, {
    conversationId: chat.conversationId,
    context: chat.context,
    messages: chat.messages.slice(-MAX_STORED_MESSAGES),
  });
}
