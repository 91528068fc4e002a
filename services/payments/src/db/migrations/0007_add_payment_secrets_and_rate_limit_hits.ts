import { createRateLimitHitsTableV1, dropRateLimitHitsTable } from '@jesus-walks/service-kit/kit-tables';
import type { Kysely } from 'kysely';

// Frozen: migrations never import application code (the kit's table helpers are frozen too).
export async function up(db: Kysely<unknown>): Promise<void> {
  // The SHA-256 (hex) of the secret the create-payment-intent answer gave the paying browser: the
  // calls that act on a payment (its contact, a card or token, a sandbox charge) must carry it.
  // Null for payments made before it existed: nobody can act on those, they lapse by themselves.
  await db.schema.alterTable('payments').addColumn('secret_hash', 'text').execute();

  // The kit's one rate_limit_hits shape (service-kit rate-limits): declined payment attempts per
  // payment, client address and member, and checkouts started per address. Keys compare byte by
  // byte, so a key prefix is an index range.
  await createRateLimitHitsTableV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRateLimitHitsTable(db);
  await db.schema.alterTable('payments').dropColumn('secret_hash').execute();
}
