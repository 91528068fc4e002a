import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { RowIdSchema } from './products';
import { defineRoute, defineRoutes } from './route-contract';
import type { ServiceName } from './services';

/**
 * A member's data, to take with them or to erase (issue 23, CCPA/CPRA and GDPR). Each service
 * answers for its own schema, as each keeps its own activity record (docs/decisions/016):
 * identity gathers every service's part for a download, and asks every service to erase its part
 * when an account is deleted, in jobs that retry until each has done so.
 */

/** The services that hold something about a member besides identity. */
export const memberDataServices = [
  'catalog-and-orders',
  'payments',
  'content-and-events',
  'ai-assistant',
] as const satisfies readonly ServiceName[];
export type MemberDataService = (typeof memberDataServices)[number];

/**
 * Who the member is to a service: their account id, and every e-mail address the account has had
 * that identity knows of (the current one first). Services that keep rows by address (a guest
 * order placed before the account existed, the newsletter) find them by these.
 */
export const MemberRefSchema = z.object({
  userId: RowIdSchema,
  emails: z.array(z.string().max(254)).min(1).max(50),
  /**
   * The usernames the account had (the current one first): a service scrubs them from its own
   * activity record, where an admin's change names the member. [] when not given (an erasure
   * queued before they were kept).
   */
  usernames: z.array(z.string().max(100)).max(20).default([]),
});
export type MemberRef = z.infer<typeof MemberRefSchema>;

/**
 * One service's part of a member's data: named sections (`orders`, `registrations`, ...), each a
 * list of plain records as the member would read them (ISO dates, amounts in dollars as strings).
 * Never secrets (password hashes, tokens), card data or other people's data.
 */
export const MemberDataPartSchema = z.object({
  service: z.string(),
  sections: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type MemberDataPart = z.infer<typeof MemberDataPartSchema>;

/**
 * What a service erased or anonymised, per kind of row: `{ orders: 3, subscribers: 1 }`. Erasing
 * twice is not an error (the second erases nothing). Rows that bookkeeping and refunds need (an
 * order, a payment) are kept with the name, e-mail, phone and address removed.
 */
export const MemberErasureSchema = z.object({
  service: z.string(),
  erased: z.record(z.string(), z.number().int().min(0)),
});
export type MemberErasure = z.infer<typeof MemberErasureSchema>;

function exportRoute<S extends MemberDataService>(service: S) {
  return defineRoute({
    method: 'POST',
    path: `/internal/privacy/${service}/export` as `/internal/privacy/${S}/export`,
    service,
    access: 'internal',
    summary: `What ${service} holds about a member, for their download`,
    request: { body: MemberRefSchema },
    responses: { 200: MemberDataPartSchema, 400: ErrorResponseSchema },
  });
}

function eraseRoute<S extends MemberDataService>(service: S) {
  return defineRoute({
    method: 'POST',
    path: `/internal/privacy/${service}/erase` as `/internal/privacy/${S}/erase`,
    service,
    access: 'internal',
    summary: `Erases or anonymises what ${service} holds about a member whose account is deleted`,
    request: { body: MemberRefSchema },
    responses: { 200: MemberErasureSchema, 400: ErrorResponseSchema },
  });
}

/** Routes of this domain in the route table (route-table.ts). */
export const privacyRoutes = defineRoutes({
  exportCatalogAndOrders: exportRoute('catalog-and-orders'),
  exportPayments: exportRoute('payments'),
  exportContentAndEvents: exportRoute('content-and-events'),
  exportAiAssistant: exportRoute('ai-assistant'),
  eraseCatalogAndOrders: eraseRoute('catalog-and-orders'),
  erasePayments: eraseRoute('payments'),
  eraseContentAndEvents: eraseRoute('content-and-events'),
  eraseAiAssistant: eraseRoute('ai-assistant'),
});

/** Each service's two routes, by service. */
export const privacyRoutesOf = {
  'catalog-and-orders': {
    export: privacyRoutes.exportCatalogAndOrders,
    erase: privacyRoutes.eraseCatalogAndOrders,
  },
  payments: { export: privacyRoutes.exportPayments, erase: privacyRoutes.erasePayments },
  'content-and-events': {
    export: privacyRoutes.exportContentAndEvents,
    erase: privacyRoutes.eraseContentAndEvents,
  },
  'ai-assistant': { export: privacyRoutes.exportAiAssistant, erase: privacyRoutes.eraseAiAssistant },
} as const satisfies Record<MemberDataService, unknown>;
