import { createHash } from 'node:crypto';
import type { Identity } from '@jesus-walks/contracts/common';
import { businessRule, conflict } from '@jesus-walks/service-kit/errors';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  idempotencyScopeOf,
  releaseIdempotencyKey,
  storeIdempotentResponse,
} from '@jesus-walks/service-kit/idempotency';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../../db/database';

export interface IdempotentRequest {
  key: string | undefined;
  identity: Identity | null;
  /** The client's address: a guest's key without a payment is kept apart per address. */
  clientAddress: string;
  /** The payment the call acts on, when it names one: a guest's key is kept apart per payment. */
  paymentId?: string | undefined;
  /** The route, and what was asked: the same key with another request is refused. */
  route: string;
  body: unknown;
}

/**
 * Runs `work` once per Idempotency-Key and replays its first answer to retries. The work calls a
 * processor or a seller, which never happens inside a transaction, so the key is claimed on its
 * own first (reading "still running" to a concurrent retry: 409) and the answer stored once it is
 * known; work that fails gives the key back, so a retry runs it again.
 */
export async function runIdempotently<T>(
  db: Kysely<PaymentsDatabase>,
  request: IdempotentRequest,
  statusCode: number,
  work: () => Promise<T>,
): Promise<{ response: T; replayed: boolean }> {
  if (!request.key) return { response: await work(), replayed: false };
  const scope = idempotencyScopeOf({
    userId: request.identity?.id,
    // Only the payment's browser holds what acting on it needs (its secret).
    subject: request.paymentId ? `payment:${request.paymentId}` : undefined,
    clientAddress: request.clientAddress,
  });
  const key = request.key;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ route: request.route, body: request.body }))
    .digest('hex');
  if (!(await claimIdempotencyKey(db, { scope, key, fingerprint }))) {
    const first = await findIdempotencyKey(db, scope, key);
    if (first && first.fingerprint !== fingerprint) {
      throw businessRule('This Idempotency-Key was already used for a different request.');
    }
    if (!first || first.response === null) {
      throw conflict('A request with this Idempotency-Key is still being processed.');
    }
    return { response: first.response as T, replayed: true };
  }
  try {
    const response = await work();
    await storeIdempotentResponse(db, { scope, key, statusCode, response });
    return { response, replayed: false };
  } catch (error) {
    await releaseIdempotencyKey(db, scope, key);
    throw error;
  }
}
