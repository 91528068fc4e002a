import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import {
  type RateLimitRule,
  scheduleRateLimitCleanUp,
  takeRateLimit,
} from '@jesus-walks/service-kit/rate-limits';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';
import type { Env } from '../../env';
import type { Caller } from './agent.types';

type Db = Kysely<AiAssistantDatabase>;

/** Hits are kept this long (the scheduled clean-up): no limit counts over a longer window. */
const KEEP_HOURS = 2;

export function scheduleAgentLimitsCleanUp(jobs: JobQueue, db: Db): void {
  scheduleRateLimitCleanUp(jobs, db, { keepHours: KEEP_HOURS });
}

export interface AgentLimits {
  perAddressPerHour: number;
  perMemberPerHour: number;
  perConversationPerHour: number;
}

export function agentLimitsOf(env: Env): AgentLimits {
  return {
    perAddressPerHour: env.AGENT_QUESTIONS_PER_ADDRESS_PER_HOUR,
    perMemberPerHour: env.AGENT_QUESTIONS_PER_MEMBER_PER_HOUR,
    perConversationPerHour: env.AGENT_QUESTIONS_PER_CONVERSATION_PER_HOUR,
  };
}

const BUCKET = 'agent-question';

/** The limits one question counts under: the client's address, the member, the conversation. */
export function questionRules(
  limits: AgentLimits,
  caller: Caller,
  conversationId: string,
): Array<RateLimitRule & { key: string; message: string }> {
  const rules = [
    {
      bucket: BUCKET,
      key: `address:${addressLimitKey(caller.clientAddress)}`,
      max: limits.perAddressPerHour,
      windowMinutes: 60,
      message: 'Too many questions from your network in the last hour. Please try again later.',
    },
  ];
  if (caller.identity) {
    rules.push({
      bucket: BUCKET,
      key: `user:${caller.identity.id}`,
      max: limits.perMemberPerHour,
      windowMinutes: 60,
      message: 'You have asked the assistant too many questions in the last hour. Please try again later.',
    });
  }
  rules.push({
    bucket: BUCKET,
    key: `conversation:${conversationId}`,
    max: limits.perConversationPerHour,
    windowMinutes: 60,
    message: 'This conversation has had too many questions in the last hour. Please try again later.',
  });
  return rules;
}

/**
 * Counts one question under every rule, or throws 429 (rate_limited) with the first rule it
 * would break, counting nothing. Keys are locked to the transaction's end: simultaneous questions
 * of one client are counted one at a time and never overshoot.
 */
export async function takeQuestionLimits(
  db: Db,
  rules: ReadonlyArray<RateLimitRule & { key: string }>,
): Promise<void> {
  const keys = rules.map(({ bucket, key }) => ({ bucket, key }));
  await takeRateLimit(db, { lock: keys, rules, record: keys });
}
