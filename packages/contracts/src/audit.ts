import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { defineRoute, defineRoutes } from './route-contract';
import type { ServiceName } from './services';

/**
 * The activity record: every admin mutation is recorded by the service that performs it, in the
 * transaction of the write, in that service's own `audit_log` table. Identity gathers the four
 * services' records for `GET /api/admin/audit-log`, newest first.
 */

/** Services that perform admin mutations, so keep an activity record. */
export const auditedServices = [
  'identity',
  'catalog-and-orders',
  'payments',
  'content-and-events',
  'ai-assistant',
] as const;
export const AuditedServiceSchema = z.enum(auditedServices);
export type AuditedService = z.infer<typeof AuditedServiceSchema>;

/** What an entry is about. */
export const auditTargetTypes = [
  'user',
  'order',
  'product',
  'payment',
  'event',
  'registration',
  'subscriber',
  'knowledge',
  'message',
  'event_series',
  'waiver',
] as const;
export const AuditTargetTypeSchema = z.enum(auditTargetTypes);
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

/** One field's value before and after (secrets never appear: a password shows as 'changed'). */
export const AuditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });
export const AuditChangesSchema = z.record(z.string(), AuditChangeSchema);
export type AuditChanges = z.infer<typeof AuditChangesSchema>;

export const AuditEntrySchema = z.object({
  /** Unique across services: `{service}:{row id}`. */
  id: z.string(),
  service: AuditedServiceSchema,
  /** ISO 8601, millisecond precision. */
  occurredAt: z.string(),
  /** Who did it (null id: the system, e.g. a job acting on an admin's behalf). */
  actor: z.object({ id: z.number().int().nullable(), username: z.string().nullable() }),
  /** `{target type}.{verb}`, e.g. 'order.status_changed', 'user.created'. */
  action: z.string(),
  target: z.object({
    type: AuditTargetTypeSchema,
    id: z.string(),
    /** A readable name at the time: the username, the product or event title, 'Order #12'. */
    label: z.string().nullable(),
  }),
  /** One sentence for people: "Changed order #12 from pending to shipped". */
  summary: z.string(),
  changes: AuditChangesSchema.nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const isoDateTime = z.iso.datetime({ offset: true });

/** Filters shared by the public route and each service's internal one. */
export const AuditLogQuerySchema = z.object({
  service: AuditedServiceSchema.optional(),
  targetType: AuditTargetTypeSchema.optional(),
  targetId: z.string().trim().min(1).max(100).optional(),
  /** Exact action ('order.status_changed') or its prefix ending in a dot ('order.'). */
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]*)?$/, 'Must be an action such as order.status_changed or order.')
    .max(60)
    .optional(),
  actorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Words found in the summary or the target's label (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  /** Inclusive lower bound on occurredAt. */
  from: isoDateTime.optional(),
  /** Exclusive upper bound on occurredAt. */
  to: isoDateTime.optional(),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditLogPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Services that could not be reached: their entries are missing from this page. */
  unavailable: z.array(AuditedServiceSchema),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;

/**
 * Where a page ends, in the one order every service sorts by: occurredAt, then service name, then
 * row id, all descending. Ties on the millisecond are broken the same way everywhere, so merging
 * the services' pages never skips or repeats an entry.
 */
export const AuditCursorSchema = z.object({
  at: isoDateTime,
  service: AuditedServiceSchema,
  id: z.number().int().positive(),
});
export type AuditCursor = z.infer<typeof AuditCursorSchema>;

/** Newest first, ties broken by service then row id (both descending): the cursor's order. */
export function compareAuditEntries(a: AuditEntry, b: AuditEntry): number {
  if (a.occurredAt !== b.occurredAt) return a.occurredAt < b.occurredAt ? 1 : -1;
  if (a.service !== b.service) return a.service < b.service ? 1 : -1;
  return rowIdOf(b) - rowIdOf(a);
}

/** The entry's row id in its service's table. */
export function rowIdOf(entry: AuditEntry): number {
  return Number(entry.id.slice(entry.id.lastIndexOf(':') + 1));
}

const internalPage = z.object({ entries: z.array(AuditEntrySchema), nextCursor: z.string().nullable() });

function internalAuditRoute<S extends AuditedService>(service: S) {
  return defineRoute({
    method: 'GET',
    path: `/internal/audit-log/${service}` as `/internal/audit-log/${S}`,
    service: service satisfies ServiceName,
    access: 'internal',
    summary: `The activity record ${service} keeps of admin mutations, newest first, filtered and paged`,
    request: { querystring: AuditLogQuerySchema },
    responses: { 200: internalPage, 400: ErrorResponseSchema },
  });
}

/** Routes of this domain in the route table (route-table.ts). */
export const auditRoutes = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/audit-log',
    service: 'identity',
    access: 'admin',
    summary:
      "Every service's activity record of admin mutations, merged newest first, filtered and paged by cursor",
    request: { querystring: AuditLogQuerySchema },
    responses: {
      200: AuditLogPageSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
    },
  }),
  internalIdentity: internalAuditRoute('identity'),
  internalCatalogAndOrders: internalAuditRoute('catalog-and-orders'),
  internalPayments: internalAuditRoute('payments'),
  internalContentAndEvents: internalAuditRoute('content-and-events'),
  internalAiAssistant: internalAuditRoute('ai-assistant'),
});

/** The internal route that lists one service's record. */
export const internalAuditRouteOf = {
  identity: auditRoutes.internalIdentity,
  'catalog-and-orders': auditRoutes.internalCatalogAndOrders,
  payments: auditRoutes.internalPayments,
  'content-and-events': auditRoutes.internalContentAndEvents,
  'ai-assistant': auditRoutes.internalAiAssistant,
} as const satisfies Record<AuditedService, unknown>;
