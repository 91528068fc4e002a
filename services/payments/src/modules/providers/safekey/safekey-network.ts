import { randomBytes } from 'node:crypto';
import { SAFEKEY_PAYMENT_FAILED } from '@jesus-walks/contracts/payments';
import { z } from 'zod';

/**
 * The SafeKey network as payments sees it: the cardholder confirms the payment on their mobile,
 * then the network authorises it. One adapter per network, chosen by configuration
 * (providers.ts): the sandbox below, or the HTTP API at SAFEKEY_API_BASE_URL with SAFEKEY_API_KEY.
 * SafeKey sends no webhooks: the authorisation's answer is the outcome, stored by the provider.
 */
export interface SafekeyNetwork {
  /** 'sandbox': no money moves ('Test mode'). */
  readonly mode: 'sandbox' | 'live';
  authorise(input: SafekeyAuthoriseInput): Promise<SafekeyAuthorisation>;
  /** Starts a payment without card details (the payment test page): does the network accept it. */
  initiate(input: { amountCents: number; currency: string; merchantReference: string }): Promise<{
    accepted: boolean;
    message: string | null;
  }>;
  refund(input: { authReference: string; amountCents: number; idempotencyKey: string }): Promise<{
    refundReference: string;
  }>;
}

export interface SafekeyAuthoriseInput {
  amountCents: number;
  currency: string;
  /** E.164: +15550100000. */
  mobileNumber: string;
  /** Digits only. */
  cardNumber: string;
  merchantReference: string;
  idempotencyKey: string;
}

export type SafekeyAuthorisation =
  | { approved: true; authReference: string }
  | { approved: false; message: string };

/** '+1 (555) 010-0000', '555-010-0000' -> '+15550100000'. */
export function toE164(mobileNumber: string): string {
  const digits = mobileNumber.replace(/\D/g, '');
  return `+${digits.length === 10 ? `1${digits}` : digits}`;
}

/**
 * SafeKey's documented sandbox numbers (also on the payment test page, SAFEKEY_TEST_NUMBERS in
 * the contracts): the card 4000 0000 0000 0077 with the mobile +1 (555) 010-0000 succeeds; the
 * card 4000 0000 0000 0002 is declined ('SafeKey payment failed'); anything else is declined
 * with a message naming the test numbers. No money moves.
 */
export const SAFEKEY_SANDBOX = {
  approvedCard: '4000000000000077',
  approvedMobile: '+15550100000',
  declinedCard: '4000000000000002',
} as const;

export const SAFEKEY_UNKNOWN_TEST_NUMBERS =
  'Test mode accepts only the SafeKey test numbers: card 4000 0000 0000 0077 with mobile +1 (555) 010-0000 (succeeds), card 4000 0000 0000 0002 (declined). No real card is charged.';

export function createSandboxSafekeyNetwork(): SafekeyNetwork {
  const reference = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
  return {
    mode: 'sandbox',
    async authorise(input) {
      if (input.cardNumber === SAFEKEY_SANDBOX.declinedCard) {
        return { approved: false, message: SAFEKEY_PAYMENT_FAILED };
      }
      if (input.cardNumber === SAFEKEY_SANDBOX.approvedCard) {
        if (toE164(input.mobileNumber) === SAFEKEY_SANDBOX.approvedMobile) {
          return { approved: true, authReference: reference('SKAUTH_SANDBOX') };
        }
        return { approved: false, message: `${SAFEKEY_PAYMENT_FAILED}: ${SAFEKEY_UNKNOWN_TEST_NUMBERS}` };
      }
      return { approved: false, message: `${SAFEKEY_PAYMENT_FAILED}: ${SAFEKEY_UNKNOWN_TEST_NUMBERS}` };
    },
    async initiate(input) {
      return input.amountCents > 0
        ? { accepted: true, message: null }
        : { accepted: false, message: 'The amount must be more than zero' };
    },
    async refund() {
      return { refundReference: reference('SKREF_SANDBOX') };
    },
  };
}

const AuthorisationResponseSchema = z.object({
  status: z.enum(['approved', 'declined']),
  auth_reference: z.string().min(1).nullish(),
  message: z.string().nullish(),
});
const InitiationResponseSchema = z.object({ accepted: z.boolean(), message: z.string().nullish() });
const RefundResponseSchema = z.object({ refund_reference: z.string().min(1) });

/**
 * The live SafeKey network over HTTPS: bearer API key, JSON, an Idempotency-Key on every write,
 * amounts in cents. Endpoints: POST /v1/payments (authorise; answers status approved|declined,
 * auth_reference, message), POST /v1/payments/initiate, POST /v1/refunds. A non-2xx answer or
 * none within the timeout throws (the caller answers 503 and nothing is recorded as paid).
 */
export function createHttpSafekeyNetwork(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): SafekeyNetwork {
  async function post<T>(
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
    idempotencyKey?: string,
  ): Promise<T> {
    const response = await fetch(new URL(path, options.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
      // The cardholder confirms on their phone: the network answers once they did (or gave up).
      signal: AbortSignal.timeout(options.timeoutMs ?? 90_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`SafeKey answered ${response.status} to ${path}`);
    return schema.parse(JSON.parse(text));
  }
  return {
    mode: 'live',
    async authorise(input) {
      const answer = await post(
        '/v1/payments',
        {
          amount: input.amountCents,
          currency: input.currency,
          mobile_number: toE164(input.mobileNumber),
          card_number: input.cardNumber,
          merchant_reference: input.merchantReference,
        },
        AuthorisationResponseSchema,
        input.idempotencyKey,
      );
      if (answer.status === 'approved' && answer.auth_reference) {
        return { approved: true, authReference: answer.auth_reference };
      }
      return { approved: false, message: answer.message ?? SAFEKEY_PAYMENT_FAILED };
    },
    async initiate(input) {
      const answer = await post(
        '/v1/payments/initiate',
        { amount: input.amountCents, currency: input.currency, merchant_reference: input.merchantReference },
        InitiationResponseSchema,
      );
      return { accepted: answer.accepted, message: answer.message ?? null };
    },
    async refund(input) {
      const answer = await post(
        '/v1/refunds',
        { auth_reference: input.authReference, amount: input.amountCents },
        RefundResponseSchema,
        input.idempotencyKey,
      );
      return { refundReference: answer.refund_reference };
    },
  };
}
