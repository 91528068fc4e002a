import type { OutboxEntry } from '@jesus-walks/service-kit/mailer';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

export async function recordOutbox(db: Kysely<IdentityDatabase>, entry: OutboxEntry): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      toAddress: entry.to,
      fromAddress: entry.from,
      subject: entry.subject,
      textBody: entry.text,
      htmlBody: entry.html ?? null,
      headers: JSON.stringify(entry.headers ?? {}),
      transport: entry.transport,
    })
    .execute();
}

export async function listOutboxFor(db: Kysely<IdentityDatabase>, to: string) {
  return db.selectFrom('outbox').selectAll().where('toAddress', '=', to).orderBy('id').execute();
}
