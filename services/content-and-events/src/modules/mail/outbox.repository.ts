import type { OutboxEntry } from '@jesus-walks/service-kit/mailer';
import type { Kysely } from 'kysely';
import type { ContentAndEventsDatabase } from '../../db/database';

export async function insertOutboxEntry(
  db: Kysely<ContentAndEventsDatabase>,
  entry: OutboxEntry,
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      to: entry.to,
      from: entry.from,
      subject: entry.subject,
      text: entry.text,
      html: entry.html ?? null,
      headers: JSON.stringify(entry.headers ?? {}),
      transport: entry.transport,
    })
    .execute();
}
