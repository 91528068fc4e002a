import {
  createRateLimitHitsTableV1,
  createTakeRateLimitFunctionV1,
  dropRateLimitHitsTable,
  dropTakeRateLimitFunction,
} from '@jesus-walks/service-kit/kit-tables';
import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code (the kit's table helpers are frozen too).
export async function up(db: Kysely<unknown>): Promise<void> {
  // A member claims the orders they placed as a guest with their account's e-mail, whatever its
  // case: guest orders are found by lower(customer_email), so that is what is indexed (guests only).
  await db.schema
    .createIndex('orders_guest_email_idx')
    .on('orders')
    .expression(sql`lower(customer_email)`)
    .where(sql.ref('user_id'), 'is', null)
    .execute();
  // The links to claim them are e-mails a member asks for: counted per member (service-kit's
  // rate limits, one row per counted action, and its one-statement take_rate_limit).
  await createRateLimitHitsTableV1(db);
  await createTakeRateLimitFunctionV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTakeRateLimitFunction(db);
  await dropRateLimitHitsTable(db);
  await db.schema.dropIndex('orders_guest_email_idx').execute();
}
