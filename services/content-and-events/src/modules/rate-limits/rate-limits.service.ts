import type { Identity } from '@jesus-walks/contracts/common';
import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import { scheduleRateLimitCleanUp, takeRateLimit } from '@jesus-walks/service-kit/rate-limits';
import type { ContentDeps } from '../../deps';
import type { Env } from '../../env';

/** Hits are kept this long (the scheduled clean-up): no limit may count over a longer window. */
const KEEP_HOURS = 24;

/** Deletes hits past the longest window: the kit's hourly clean-up job, not work on the request path. */
export function scheduleClientLimitsCleanUp(deps: Pick<ContentDeps, 'db' | 'jobs'>): void {
  scheduleRateLimitCleanUp(deps.jobs, deps.db, { keepHours: KEEP_HOURS });
}

/**
 * Limits per client (the env settings of the same names). Guests count per address, the only thing
 * that tells one anonymous client from another; members count per account, more generously.
 */
export interface ClientLimits {
  guestRegistrationsPerAddressPerHour: number;
  guestRegistrationsPerEventPerAddressPerDay: number;
  memberRegistrationsPerHour: number;
  newsletterSignupsPerAddressPerHour: number;
  newsletterSignupsPerMemberPerHour: number;
}

export function clientLimitsOf(env: Env): ClientLimits {
  return {
    guestRegistrationsPerAddressPerHour: env.GUEST_REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    guestRegistrationsPerEventPerAddressPerDay: env.GUEST_REGISTRATIONS_PER_EVENT_PER_ADDRESS_PER_DAY,
    memberRegistrationsPerHour: env.MEMBER_REGISTRATIONS_PER_HOUR,
    newsletterSignupsPerAddressPerHour: env.NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR,
    newsletterSignupsPerMemberPerHour: env.NEWSLETTER_SIGNUPS_PER_MEMBER_PER_HOUR,
  };
}

export interface RateLimitRule {
  bucket: string;
  key: string;
  max: number;
  windowMinutes: number;
  /** The 429's message: what was too much, and what to do. */
  message: string;
}

/** Who is acting: a member (by account) or a guest (by client address). */
export interface Caller {
  identity: Identity | null;
  clientAddress: string;
}

/**
 * Counts one action under every rule, or throws 429 (rate_limited) with the first rule it would
 * break, counting nothing. Within a transaction (`{ db: trx }`), the count is part of it: an action that
 * fails afterwards is not counted. The rules' keys are locked to the transaction's end, so
 * simultaneous requests of one client are counted one at a time and can never overshoot.
 */
export async function takeRateLimits(
  deps: Pick<ContentDeps, 'db'>,
  rules: readonly RateLimitRule[],
): Promise<void> {
  const { db } = deps;
  if (rules.length === 0) return;
  for (const rule of rules) {
    if (rule.windowMinutes > KEEP_HOURS * 60) throw new Error(`rate limit window too long: ${rule.bucket}`);
  }
  const keys = rules.map(({ bucket, key }) => ({ bucket, key }));
  await takeRateLimit(db, { lock: keys, rules, record: keys });
}

const addressKey = (caller: Caller) => `address:${addressLimitKey(caller.clientAddress)}`;

/** The limits on registering for an event (a seat or a waitlist place, and an e-mail). */
export function registrationRules(limits: ClientLimits, caller: Caller, eventId: number): RateLimitRule[] {
  if (caller.identity) {
    return [
      {
        bucket: 'member-registration',
        key: `user:${caller.identity.id}`,
        max: limits.memberRegistrationsPerHour,
        windowMinutes: 60,
        message: 'You have registered for events too many times in the last hour. Please try again later.',
      },
    ];
  }
  return [
    {
      bucket: 'guest-registration',
      key: `${addressKey(caller)}:event:${eventId}`,
      max: limits.guestRegistrationsPerEventPerAddressPerDay,
      windowMinutes: 24 * 60,
      message: `Your network has already registered ${limits.guestRegistrationsPerEventPerAddressPerDay} guests for this event in the last day. Please log in to register more people, or write to us through our contact page (/contact) if your group needs more places.`,
    },
    {
      bucket: 'guest-registration',
      key: addressKey(caller),
      max: limits.guestRegistrationsPerAddressPerHour,
      windowMinutes: 60,
      message:
        'Too many guest registrations from your network in the last hour. Please try again later, or log in to register.',
    },
  ];
}

/** The limits on newsletter sign-ups (each may send a confirmation e-mail to any address). */
export function newsletterRules(limits: ClientLimits, caller: Caller): RateLimitRule[] {
  return [
    caller.identity
      ? {
          bucket: 'newsletter-signup',
          key: `user:${caller.identity.id}`,
          max: limits.newsletterSignupsPerMemberPerHour,
          windowMinutes: 60,
          message: 'Too many newsletter sign-ups from your account. Please try again in an hour.',
        }
      : {
          bucket: 'newsletter-signup',
          key: addressKey(caller),
          max: limits.newsletterSignupsPerAddressPerHour,
          windowMinutes: 60,
          message: 'Too many newsletter sign-ups from your network. Please try again in an hour.',
        },
  ];
}
