import { randomBytes } from 'node:crypto';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../../../db/database';
import type { PaymentProvider, ProviderIntent } from '../provider';
import { WebhookSignatureError } from '../provider';
import {
  cancelUnpaidSandboxIntent,
  findSandboxIntent,
  insertSandboxIntent,
  lockSandboxIntent,
  updateSandboxIntent,
} from './sandbox.repository';
import { SANDBOX_WEBHOOK_QUEUE } from './sandbox.service';
import { chargeRefundedEvent, toProviderEvent } from './sandbox-events';
import { verifySandboxSignature } from './sandbox-signature';
import { confirmSandboxWithWalletToken } from './sandbox-wallet';

export interface SandboxProviderOptions {
  db: Kysely<PaymentsDatabase>;
  jobs: JobQueue;
  webhookSecret: string;
}

type IntentRow = NonNullable<Awaited<ReturnType<typeof findSandboxIntent>>>;

function toProviderIntent(row: IntentRow): ProviderIntent {
  return {
    reference: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    failureMessage: row.failureMessage,
  };
}

/**
 * The built-in sandbox processor (ARCHITECTURE.md section 4): intents kept in its own table, the
 * card form's confirmation (sandbox.service.ts) for the documented test cards, refunds and signed
 * webhooks in Stripe's format delivered by a job with retries. No money moves.
 */
export function createSandboxProvider(options: SandboxProviderOptions): PaymentProvider {
  const { db, jobs } = options;
  return {
    name: 'sandbox',

    async createIntent(input) {
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      const row = await insertSandboxIntent(db, {
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        amountCents: input.amountCents,
        currency: input.currency,
        paymentId: input.paymentId,
        idempotencyKey: input.idempotencyKey,
      });
      return toProviderIntent(row);
    },

    async retrieveIntent(reference) {
      const row = await findSandboxIntent(db, reference);
      if (!row) throw new Error(`No such sandbox payment intent: ${reference}`);
      return toProviderIntent(row);
    },

    async refund(input) {
      return db.transaction().execute(async (trx) => {
        const row = await lockSandboxIntent(trx, { id: input.reference });
        if (!row) throw new Error(`No such sandbox payment intent: ${input.reference}`);
        if (row.refundId) return { refundReference: row.refundId };
        if (row.status !== 'succeeded')
          throw new Error(`Sandbox intent ${row.id} was not paid; nothing to refund`);
        if (input.amountCents !== row.amountCents) throw new Error('The sandbox refunds whole payments only');
        const refundId = `re_sandbox_${randomBytes(12).toString('hex')}`;
        await updateSandboxIntent(trx, row.id, { refundId, refundedAt: new Date() });
        const event = chargeRefundedEvent({ ...row }, refundId);
        await jobs.enqueue(trx, SANDBOX_WEBHOOK_QUEUE, { event });
        return { refundReference: refundId };
      });
    },

    async cancelIntent(reference) {
      await cancelUnpaidSandboxIntent(db, reference);
    },

    confirmWithWalletToken(input) {
      return confirmSandboxWithWalletToken({ db, jobs }, input.reference, input.token);
    },

    parseWebhook(rawBody, signatureHeader) {
      verifySandboxSignature(rawBody, signatureHeader, options.webhookSecret);
      try {
        return toProviderEvent(JSON.parse(rawBody.toString('utf8')));
      } catch (error) {
        throw new WebhookSignatureError('The sandbox webhook is signed but is not an event', {
          cause: error,
        });
      }
    },
  };
}
