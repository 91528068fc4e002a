import { fromCents, toCents } from '@jesus-walks/contracts/money';
import coinbase from 'coinbase-commerce-node';
import { z } from 'zod';
import {
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
  WebhookSignatureError,
} from '../provider';

export interface CoinbaseProviderOptions {
  /** Coinbase Commerce's API key (Settings > API keys). */
  apiKey: string;
  /** The webhook subscription's shared secret. */
  webhookSecret: string;
  /** Where the API lives: unset in production (the SDK's https://api.commerce.coinbase.com/); tests use a fake. */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

/** What the hosted charge shows for one coin. */
export interface CryptoChargeDetails {
  paymentUrl: string;
  walletAddress: string | null;
  cryptoAmount: string | null;
}

/** A provider whose charge carries a hosted page and per-coin addresses (Coinbase Commerce). */
export interface CryptoChargeProvider extends PaymentProvider {
  chargeDetails(reference: string, cryptocurrency: string): Promise<CryptoChargeDetails>;
}

/** Thrown by refund(): coins sent on-chain cannot be pulled back by an API call. */
export class ManualRefundRequiredError extends Error {
  override readonly name = 'ManualRefundRequiredError';
}

export const PAYMENT_EXPIRED = 'Payment expired';

const DEFAULT_TIMEOUT_MS = 10_000;

const ChargeSchema = z.object({
  code: z.string(),
  hosted_url: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  timeline: z.array(z.object({ status: z.string(), time: z.string().optional() })).default([]),
  pricing: z.record(z.string(), z.object({ amount: z.string(), currency: z.string() })).default({}),
  addresses: z.record(z.string(), z.string()).nullish(),
});
type Charge = z.infer<typeof ChargeSchema>;

const EventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ code: z.string().optional(), metadata: z.record(z.string(), z.unknown()).nullish() }),
});

/** The charge's last timeline status mapped onto the intent statuses finalisation reads. */
function statusOf(charge: Charge): { status: ProviderIntent['status']; failureMessage: string | null } {
  const last = charge.timeline.at(-1)?.status ?? 'NEW';
  switch (last) {
    case 'COMPLETED':
    case 'CONFIRMED':
    case 'RESOLVED':
      return { status: 'succeeded', failureMessage: null };
    case 'PENDING':
      return { status: 'processing', failureMessage: null };
    case 'EXPIRED':
      return { status: 'canceled', failureMessage: PAYMENT_EXPIRED };
    case 'CANCELED':
      return { status: 'canceled', failureMessage: 'The charge was cancelled' };
    case 'UNRESOLVED':
      // Underpaid, overpaid or late: Coinbase asks a person to resolve it.
      return { status: 'requires_action', failureMessage: 'The payment needs to be resolved by the shop' };
    default:
      return { status: 'requires_payment_method', failureMessage: null };
  }
}

function toProviderIntent(charge: Charge): ProviderIntent {
  const local = charge.pricing.local;
  return {
    reference: charge.code,
    clientSecret: charge.code,
    amountCents: local ? toCents(local.amount) : 0,
    currency: (local?.currency ?? 'USD').toLowerCase(),
    ...statusOf(charge),
  };
}

const outcomes: Record<string, ProviderEvent['outcome']> = {
  'charge:confirmed': 'succeeded',
  'charge:resolved': 'succeeded',
  'charge:failed': 'failed',
  'charge:expired': 'failed',
};

/**
 * Coinbase Commerce through its SDK (`coinbase-commerce-node`): a charge per checkout payment for
 * the quoted total in USD (any coin; the hosted page takes the payment), retrieved for
 * finalisation, webhooks verified with X-CC-Webhook-Signature. The SDK's client is one per process
 * (Client.init), so one Coinbase account per process.
 */
export function createCoinbaseProvider(options: CoinbaseProviderOptions): CryptoChargeProvider {
  const baseUrl = options.apiBaseUrl ? options.apiBaseUrl.replace(/\/?$/, '/') : undefined;
  coinbase.Client.init(options.apiKey, baseUrl, undefined, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const { Charge } = coinbase.resources;

  async function retrieve(reference: string): Promise<Charge> {
    return ChargeSchema.parse(await Charge.retrieve(reference));
  }

  return {
    name: 'coinbase',

    async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
      const charge = await Charge.create({
        name: 'Jesus Walks order',
        description: input.description.slice(0, 200),
        pricing_type: 'fixed_price',
        local_price: { amount: fromCents(input.amountCents), currency: 'USD' },
        metadata: { paymentId: input.paymentId },
      });
      return toProviderIntent(ChargeSchema.parse(charge));
    },

    async retrieveIntent(reference) {
      return toProviderIntent(await retrieve(reference));
    },

    async refund() {
      throw new ManualRefundRequiredError(
        'Coinbase Commerce payments cannot be refunded through the API; refund it from the Coinbase Commerce dashboard',
      );
    },

    async chargeDetails(reference, cryptocurrency) {
      const charge = await retrieve(reference);
      return {
        paymentUrl: charge.hosted_url,
        walletAddress: charge.addresses?.[cryptocurrency] ?? null,
        cryptoAmount: charge.pricing[cryptocurrency]?.amount ?? null,
      };
    },

    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('The signature header is missing');
      let event: unknown;
      try {
        event = coinbase.Webhook.verifyEventBody(
          rawBody.toString('utf8'),
          signatureHeader,
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError('The signature does not match the payload', { cause: error });
      }
      const parsed = EventSchema.safeParse(event);
      if (!parsed.success) throw new WebhookSignatureError('The webhook is signed but is not an event');
      const paymentId = parsed.data.data.metadata?.paymentId;
      return {
        id: parsed.data.id,
        type: parsed.data.type,
        reference: parsed.data.data.code ?? null,
        paymentId: typeof paymentId === 'string' ? paymentId : null,
        outcome: outcomes[parsed.data.type] ?? 'other',
      };
    },
  };
}
