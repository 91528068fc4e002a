import {
  type AuditedService,
  type AuditLogPage,
  type AuditLogQuery,
  auditedServices,
} from '@jesus-walks/contracts/audit';
import { mergeAuditPages, parseAuditCursor } from '@jesus-walks/service-kit/audit';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditPage, AuditSources } from './audit-log.sources';

export interface AuditLogDeps {
  sources: AuditSources;
  log: FastifyBaseLogger;
}

/**
 * Every audited service's record for one query, merged newest first. The services are asked in
 * parallel with the same query and cursor; a peer that fails or is too slow is listed in
 * `unavailable` (its entries missing from the page) rather than failing the page. Identity's own
 * record is its own database: a failure there is a real error.
 */
export async function gatherAuditLog(
  deps: AuditLogDeps,
  query: AuditLogQuery,
  requestId: string,
): Promise<AuditLogPage> {
  // A cursor that is not ours is the caller's mistake (400), not four unavailable services.
  parseAuditCursor(query.cursor);
  const asked: readonly AuditedService[] = query.service ? [query.service] : auditedServices;
  const results = await Promise.allSettled(
    asked.map((service) => deps.sources.read[service](query, requestId)),
  );

  const pages: AuditPage[] = [];
  const unavailable: AuditedService[] = [];
  for (const [i, result] of results.entries()) {
    const service = asked[i] as AuditedService;
    if (result.status === 'fulfilled') {
      pages.push(result.value);
    } else if (service === 'identity') {
      throw result.reason;
    } else {
      deps.log.warn(
        { service, reason: (result.reason as Error)?.message },
        'activity record of a service could not be read',
      );
      unavailable.push(service);
    }
  }
  return { ...mergeAuditPages(pages, query.limit), unavailable };
}
