import {
  type AuditChanges,
  type AuditCursor,
  AuditCursorSchema,
  type AuditEntry,
  type AuditedService,
  type AuditLogQuery,
  type AuditTargetType,
  compareAuditEntries,
  internalAuditRouteOf,
  rowIdOf,
} from '@jesus-walks/contracts/audit';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { ServiceApp } from './create-service';
import { containsPattern, prefixPattern } from './database';
import { badRequest } from './errors';
import { registerRoute } from './routes';

/**
 * The activity record (contracts/audit.ts): each service that performs admin mutations keeps an
 * `audit_log` table in its own schema (created by its migration with kit-tables'
 * createAuditLogTableV1) and writes to it in the transaction of the mutation, so a change and its
 * record commit or roll back together.
 */

// biome-ignore lint/suspicious/noExplicitAny: schema-agnostic, every audited schema has the same table
type AnyKysely = Kysely<any>;

/** The `audit_log` table's row, for a service's Kysely types (its tests read the record directly). */
export interface AuditLogTable {
  id: Generated<number>;
  occurredAt: Generated<Date>;
  actorId: number | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  summary: string;
  changes: ColumnType<unknown, string | null | undefined, string | null>;
}

/** Who did it: the caller's identity, or null for the system. */
export interface AuditActor {
  id: number;
  username: string;
}

export interface AuditRecord {
  actor: AuditActor | null;
  /** `{target type}.{verb}` in snake case: 'order.status_changed', 'user.created'. */
  action: string;
  target: { type: AuditTargetType; id: string | number; label?: string | null };
  summary: string;
  changes?: AuditChanges | null;
}

/** Records an admin mutation. Pass the mutation's transaction: the record commits with it. */
export async function recordAudit(trx: AnyKysely, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      actorId: record.actor?.id ?? null,
      actorUsername: record.actor?.username ?? null,
      action: record.action,
      targetType: record.target.type,
      targetId: String(record.target.id),
      targetLabel: record.target.label ?? null,
      summary: record.summary,
      changes:
        record.changes && Object.keys(record.changes).length > 0 ? JSON.stringify(record.changes) : null,
    })
    .execute();
}

/**
 * Fields whose values never enter the record: only that they changed. A phone number is someone's
 * (a walk leader's) personal data the record has no need of.
 */
const SECRET_FIELD = /password|secret|token|hash|phone/i;

/**
 * The fields that differ between two versions of a row, as {from, to}. Values are compared as
 * JSON (dates as ISO text); a secret field shows as 'changed', never its value.
 */
export function diffChanges<T extends object>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
) {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = normalise(before[field]);
    const to = normalise(after[field]);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[field] = SECRET_FIELD.test(field) ? { from: 'unchanged', to: 'changed' } : { from, to };
  }
  return changes;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

interface AuditRow {
  id: number;
  occurredAt: Date;
  actorId: number | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  summary: string;
  changes: AuditChanges | null;
}

export function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor's position, or null when the text is not one of ours. */
export function decodeAuditCursor(text: string): AuditCursor | null {
  try {
    const parsed = AuditCursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The cursor that continues after this entry. */
export function cursorAfter(entry: AuditEntry): string {
  return encodeAuditCursor({
    at: entry.occurredAt,
    service: entry.service,
    id: rowIdOf(entry),
  });
}

export function parseAuditCursor(text: string | undefined): AuditCursor | undefined {
  if (text === undefined) return undefined;
  const cursor = decodeAuditCursor(text);
  if (!cursor) throw badRequest('Invalid cursor', [{ path: ['cursor'], message: 'Invalid cursor' }]);
  return cursor;
}

/**
 * One service's page of its record, newest first, after the cursor in the order every service
 * shares (occurredAt, service, id; all descending).
 */
export async function listAuditEntries(
  db: AnyKysely,
  service: AuditedService,
  query: AuditLogQuery,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const cursor = parseAuditCursor(query.cursor);
  if (query.service && query.service !== service) return { entries: [], nextCursor: null };
  let select = db.selectFrom('auditLog').selectAll();
  if (query.targetType) select = select.where('targetType', '=', query.targetType);
  if (query.targetId) select = select.where('targetId', '=', query.targetId);
  if (query.actorId) select = select.where('actorId', '=', query.actorId);
  if (query.action) {
    select = query.action.endsWith('.')
      ? select.where('action', 'like', prefixPattern(query.action))
      : select.where('action', '=', query.action);
  }
  if (query.q) {
    const words = containsPattern(query.q);
    select = select.where((eb) => eb.or([eb('summary', 'ilike', words), eb('targetLabel', 'ilike', words)]));
  }
  if (query.from) select = select.where('occurredAt', '>=', new Date(query.from));
  if (query.to) select = select.where('occurredAt', '<', new Date(query.to));
  if (cursor) {
    const at = new Date(cursor.at);
    // Entries at the cursor's millisecond come after it when their service sorts lower, or, in
    // the cursor's own service, when their id is lower.
    if (service < cursor.service) select = select.where('occurredAt', '<=', at);
    else if (service === cursor.service)
      select = select.where((eb) =>
        eb.or([eb('occurredAt', '<', at), eb.and([eb('occurredAt', '=', at), eb('id', '<', cursor.id)])]),
      );
    else select = select.where('occurredAt', '<', at);
  }
  const rows = (await select
    .orderBy('occurredAt', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute()) as AuditRow[];
  const entries = rows.slice(0, query.limit).map((row) => toEntry(service, row));
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > query.limit && last ? cursorAfter(last) : null };
}

function toEntry(service: AuditedService, row: AuditRow): AuditEntry {
  return {
    id: `${service}:${row.id}`,
    service,
    occurredAt: row.occurredAt.toISOString(),
    actor: { id: row.actorId, username: row.actorUsername },
    action: row.action,
    target: { type: row.targetType as AuditTargetType, id: row.targetId, label: row.targetLabel },
    summary: row.summary,
    changes: row.changes,
  };
}

/**
 * Merges the services' pages into one: newest first, `limit` entries, and the cursor after the
 * last one kept. Each page must come from the same query and cursor; an entry a service had beyond
 * the kept ones is read again on the next page.
 */
export function mergeAuditPages(
  pages: { entries: AuditEntry[]; nextCursor: string | null }[],
  limit: number,
): { entries: AuditEntry[]; nextCursor: string | null } {
  const all = pages.flatMap((page) => page.entries).sort(compareAuditEntries);
  const entries = all.slice(0, limit);
  const more = all.length > limit || pages.some((page) => page.nextCursor !== null);
  const last = entries.at(-1);
  return { entries, nextCursor: more && last ? cursorAfter(last) : null };
}

/** Serves this service's record at its internal route, for identity to gather. */
export function registerAuditLogRoute(app: ServiceApp, service: AuditedService, db: AnyKysely): void {
  registerRoute(app, internalAuditRouteOf[service], async (request) =>
    listAuditEntries(db, service, request.query as AuditLogQuery),
  );
}
