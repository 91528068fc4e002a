import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../../../db/database';
import { type PaymentProvider, type ProviderIntent, WebhookSignatureError } from '../provider';
import {
  cancelUnpaidSafekeyPayment,
  findSafekeyPayment,
  insertSafekeyPayment,
  type SafekeyPaymentRow,
  updateSafekeyPayment,
} from './safekey.repository';
import type { SafekeyNetwork } from './safekey-network';

/** The SafeKey provider: the PaymentProvider, plus the network it authorises on. */
export interface SafekeyProvider extends PaymentProvider {
  readonly network: SafekeyNetwork;
}

function toProviderIntent(row: SafekeyPaymentRow): ProviderIntent {
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
 * SafeKey behind the one provider interface (ARCHITECTURE.md section 4). SafeKey has no intents
 * and no webhooks: the "intent" is our own safekey_payments row for the quoted total, the
 * authorisation (safekey.service.ts) records the network's answer on it, and finalisation reads
 * that stored outcome through retrieveIntent. Refunds go back to the network.
 */
export function createSafekeyProvider(options: {
  db: Kysely<PaymentsDatabase>;
  network: SafekeyNetwork;
}): SafekeyProvider {
  const { db, network } = options;
  return {
    name: 'safekey',
    network,

    async createIntent(input) {
      const id = `skp_${randomBytes(12).toString('hex')}`;
      const row = await insertSafekeyPayment(db, {
        id,
        clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
        paymentId: input.paymentId,
        amountCents: input.amountCents,
        currency: input.currency,
        network: network.mode,
        idempotencyKey: input.idempotencyKey,
      });
      return toProviderIntent(row);
    },

    async retrieveIntent(reference) {
      const row = await findSafekeyPayment(db, reference);
      if (!row) throw new Error(`No such SafeKey payment: ${reference}`);
      return toProviderIntent(row);
    },

    async refund(input) {
      const row = await findSafekeyPayment(db, input.reference);
      if (!row) throw new Error(`No such SafeKey payment: ${input.reference}`);
      if (row.refundReference) return { refundReference: row.refundReference };
      if (row.status !== 'succeeded' || !row.authReference) {
        throw new Error(`SafeKey payment ${row.id} was not paid; nothing to refund`);
      }
      if (row.network !== network.mode) {
        throw new Error(
          `SafeKey payment ${row.id} was made on the ${row.network} network, now ${network.mode}`,
        );
      }
      // The network call runs outside any transaction; the key makes a retried job refund once.
      const { refundReference } = await network.refund({
        authReference: row.authReference,
        amountCents: input.amountCents,
        idempotencyKey: input.idempotencyKey,
      });
      await updateSafekeyPayment(db, row.id, { refundReference, refundedAt: new Date() });
      return { refundReference };
    },

    async cancelIntent(reference) {
      await cancelUnpaidSafekeyPayment(db, reference);
    },

    parseWebhook() {
      throw new WebhookSignatureError('SafeKey sends no webhooks');
    },
  };
}
