import type { MemberDataPart, MemberErasure, MemberRef } from '@jesus-walks/contracts/privacy';
import type { AssistantDeps } from '../../deps';
import {
  deleteConversationsOf,
  deleteIdleAnonymousConversations,
  deleteRateLimitHitsOf,
  forgetActorName,
  listConversationsOf,
} from './privacy.repository';

/*
 * A member's data in ai-assistant (issue 23): the conversations they had while logged in. A
 * visitor's conversations carry no account and no address, so they are no one's to export or
 * erase. Identity gathers the export and asks for the erasure (contracts/privacy.ts).
 */

const SERVICE = 'ai-assistant';
type PrivacyDeps = Pick<AssistantDeps, 'db'>;

/**
 * How long a conversation without an account is kept after its last message: long enough to pick
 * it up again the next days, no longer (the privacy page says so). A member's are kept until they
 * delete them with their account.
 */
export const ANONYMOUS_CONVERSATION_RETENTION_DAYS = 30;

/** The daily clean-up of anonymous conversations idle for ANONYMOUS_CONVERSATION_RETENTION_DAYS. */
export async function forgetIdleAnonymousConversations(deps: PrivacyDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ANONYMOUS_CONVERSATION_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  return deleteIdleAnonymousConversations(deps.db, before);
}

/** POST /internal/privacy/ai-assistant/export */
export async function exportMemberData(deps: PrivacyDeps, member: MemberRef): Promise<MemberDataPart> {
  const conversations = await listConversationsOf(deps.db, member.userId);
  return {
    service: SERVICE,
    sections: {
      conversations: conversations.map((conversation) => ({
        id: conversation.id,
        title: conversation.title,
        topic: conversation.context,
        startedAt: conversation.createdAt.toISOString(),
        lastMessageAt: conversation.updatedAt.toISOString(),
        messages: conversation.messages.map((message) => ({
          from: message.role === 'user' ? 'you' : message.role,
          text: message.content,
          at: message.createdAt.toISOString(),
        })),
      })),
    },
  };
}

/**
 * POST /internal/privacy/ai-assistant/erase: the member's conversations and their messages are
 * deleted with the counts of their questions, in one transaction. Erasing again deletes nothing.
 */
export async function eraseMemberData(deps: PrivacyDeps, member: MemberRef): Promise<MemberErasure> {
  return deps.db.transaction().execute(async (trx) => {
    const conversationIds = await deleteConversationsOf(trx, member.userId);
    return {
      service: SERVICE,
      erased: {
        conversations: conversationIds.length,
        rateLimitHits: await deleteRateLimitHitsOf(trx, { userId: member.userId, conversationIds }),
        auditEntries: await forgetActorName(trx, member.userId),
      },
    };
  });
}
