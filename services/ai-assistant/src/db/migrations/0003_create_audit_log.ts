import { createAuditLogTableV1 } from '@jesus-walks/service-kit/audit';
import type { Kysely } from 'kysely';

// The activity record of admin mutations (the knowledge base; packages/service-kit/src/audit.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createAuditLogTableV1(db);
}
