import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Whose checkout a seat's quote is: the client's address (as counted: an IPv6 client by its
  // /64) and the member's id when logged in. A new hold counts the seats that client holds at once
  // by both, so that no browser or address can hold a walk's seats for others. Quotes made before
  // this have neither and count for nobody; their holds lapse within minutes.
  await db.schema
    .alterTable('event_quotes')
    .addColumn('holder_address', 'text')
    .addColumn('holder_user_id', 'integer')
    .execute();
  await db.schema
    .createIndex('event_quotes_holder_address_idx')
    .on('event_quotes')
    .column('holder_address')
    .where(sql<boolean>`released_at is null and payment_id is null`)
    .execute();
  await db.schema
    .createIndex('event_quotes_holder_user_id_idx')
    .on('event_quotes')
    .column('holder_user_id')
    .where(sql<boolean>`released_at is null and payment_id is null and holder_user_id is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_quotes_holder_user_id_idx').execute();
  await db.schema.dropIndex('event_quotes_holder_address_idx').execute();
  await db.schema
    .alterTable('event_quotes')
    .dropColumn('holder_user_id')
    .dropColumn('holder_address')
    .execute();
}
