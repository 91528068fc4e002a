import type { Identity } from '@jesus-walks/contracts/common';
import { addressLimitKey } from '@jesus-walks/service-kit/client-address';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import {
  type RateLimitRule,
  scheduleRateLimitCleanUp,
  takeRateLimit,
} from '@jesus-walks/service-kit/rate-limits';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../../db/database';
import type { PaymentsDeps } from '../../deps';
import type { Env } from '../../env';

type Db = Kysely<PaymentsDatabase>;

/**
 * Limits against card testing (trying stolen card numbers until one goes through), counted with
 * service-kit's rate-limits in this service's rate_limit_hits, so every replica shares them. The
 * env settings of the same names.
 */
export interface PaymentLimits {
  /** Declined attempts on one payment; the last one closes it (the buyer starts again). */
  declinesPerPayment: number;
  declinesPerAddressPerHour: number;
  declinesPerMemberPerHour: number;
  /** Checkouts started (payment intents made) per client address in an hour. */
  intentsPerAddressPerHour: number;
}

export function paymentLimitsOf(env: Env): PaymentLimits {
  return {
    declinesPerPayment: env.PAYMENT_DECLINES_PER_PAYMENT,
    declinesPerAddressPerHour: env.PAYMENT_DECLINES_PER_ADDRESS_PER_HOUR,
    declinesPerMemberPerHour: env.PAYMENT_DECLINES_PER_MEMBER_PER_HOUR,
    intentsPerAddressPerHour: env.PAYMENT_INTENTS_PER_ADDRESS_PER_HOUR,
  };
}

/** Who is paying: a member (counted by account too) or a guest, and the client's address. */
export interface Payer {
  identity: Identity | null;
  clientAddress: string;
}

export const TOO_MANY_DECLINES = 'Too many declined payment attempts. Please wait an hour and try again.';
export const PAYMENT_CLOSED =
  'Too many declined payment attempts for this checkout, so it has been closed. Please start the checkout again.';
export const TOO_MANY_CHECKOUTS =
  'Too many checkouts started from your network in the last hour. Please wait an hour and try again.';

/** Hits are kept this long (the scheduled clean-up): no limit counts over a longer window. */
const KEEP_HOURS = 24;
const HOUR_MINUTES = 60;
/** A payment's declines count as long as hits are kept: far longer than a payment stays open. */
const PAYMENT_WINDOW_MINUTES = KEEP_HOURS * 60;

/** Deletes hits past the longest window: the kit's hourly clean-up job, not work on the request path. */
export function schedulePaymentLimitsCleanUp(jobs: JobQueue, db: Db): void {
  scheduleRateLimitCleanUp(jobs, db, { keepHours: KEEP_HOURS });
}

/*
 * How attempts are counted. An attempt to pay with a card or a token is one hit under each of its
 * keys, 'declined-payment' '<whose>\n<attempt id>' (whose: 'payment:<id>', 'address:<address>',
 * 'user:<id>'), recorded before the processor is asked, so simultaneous attempts of one client
 * are counted one at a time and can never overshoot. The attempt's own keys are forgotten once it
 * turns out not to be a decline (paid, or failed for another reason): what stays counted under
 * the prefix '<whose>\n' are declines, plus attempts still running.
 */
export const DECLINES_BUCKET = 'declined-payment';
const INTENTS_BUCKET = 'payment-intent';
const SEPARATOR = '\n';

const addressOf = (payer: Payer) => `address:${addressLimitKey(payer.clientAddress)}`;

/** One kind of client a decline counts for, and how many declines it may have. */
interface DeclineRule {
  whose: string;
  max: number;
  windowMinutes: number;
  message: string;
}

function declineRules(limits: PaymentLimits, payer: Payer, paymentId: string | null): DeclineRule[] {
  const rules: DeclineRule[] = [];
  if (paymentId) {
    rules.push({
      whose: `payment:${paymentId}`,
      max: limits.declinesPerPayment,
      windowMinutes: PAYMENT_WINDOW_MINUTES,
      message: PAYMENT_CLOSED,
    });
  }
  rules.push({
    whose: addressOf(payer),
    max: limits.declinesPerAddressPerHour,
    windowMinutes: HOUR_MINUTES,
    message: TOO_MANY_DECLINES,
  });
  if (payer.identity) {
    rules.push({
      whose: `user:${payer.identity.id}`,
      max: limits.declinesPerMemberPerHour,
      windowMinutes: HOUR_MINUTES,
      message: TOO_MANY_DECLINES,
    });
  }
  return rules;
}

const asLimit = (rule: DeclineRule): RateLimitRule => ({
  bucket: DECLINES_BUCKET,
  keyPrefix: `${rule.whose}${SEPARATOR}`,
  max: rule.max,
  windowMinutes: rule.windowMinutes,
  message: rule.message,
});

/** The hits one attempt recorded; forgotten when it was not a decline. */
export interface AttemptHits {
  keys: { bucket: string; key: string }[];
  /** The payment's own declines (with attempts running), to tell when it must close. */
  payment: RateLimitRule | null;
}

/**
 * Counts the start of an attempt to pay (with a card or a token), or throws 429 (rate_limited)
 * when the payment, the client's address or the member has no declines left: the payment's rule
 * first, so a closed payment says so. Counting nothing when it throws.
 */
export async function startAttempt(
  deps: Pick<PaymentsDeps, 'db' | 'limits'>,
  input: { payer: Payer; paymentId: string | null; attemptId: string },
): Promise<AttemptHits> {
  const { db, limits } = deps;
  const { payer, paymentId, attemptId } = input;
  const rules = declineRules(limits, payer, paymentId);
  const keys = rules.map((rule) => ({
    bucket: DECLINES_BUCKET,
    key: `${rule.whose}${SEPARATOR}${attemptId}`,
  }));
  await takeRateLimit(db, {
    lock: rules.map((rule) => ({ bucket: DECLINES_BUCKET, key: rule.whose })),
    rules: rules.map(asLimit),
    record: keys,
  });
  const paymentRule = paymentId ? rules.find((rule) => rule.whose === `payment:${paymentId}`) : undefined;
  return { keys, payment: paymentRule ? asLimit(paymentRule) : null };
}

/**
 * Counts a checkout started by this client (a payment intent), or throws 429: when the address has
 * started too many in the hour, or when it (or the member) has no declines left, since a new
 * payment is how a card tester goes on once one is closed.
 */
export async function takeIntentLimits(
  deps: Pick<PaymentsDeps, 'db' | 'limits'>,
  payer: Payer,
): Promise<void> {
  const { db, limits } = deps;
  const intents = { bucket: INTENTS_BUCKET, key: addressOf(payer) };
  await takeRateLimit(db, {
    lock: [intents],
    rules: [
      ...declineRules(limits, payer, null).map(asLimit),
      {
        ...intents,
        max: limits.intentsPerAddressPerHour,
        windowMinutes: HOUR_MINUTES,
        message: TOO_MANY_CHECKOUTS,
      },
    ],
    record: [intents],
  });
}
