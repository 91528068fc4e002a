import { createAuditLogTableV1, dropAuditLogTable } from '@jesus-walks/service-kit/kit-tables';
import type { Kysely } from 'kysely';

// The activity record of admin mutations (packages/service-kit/src/audit.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createAuditLogTableV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAuditLogTable(db);
}
