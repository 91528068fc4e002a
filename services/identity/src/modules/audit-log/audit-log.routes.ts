import { auditRoutes } from '@jesus-walks/contracts/audit';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import { gatherAuditLog } from './audit-log.service';
import type { AuditSources } from './audit-log.sources';

/** GET /api/admin/audit-log: the activity record of every audited service (admins only). */
export function registerAuditLogRoutes(app: ServiceApp, deps: { sources: AuditSources }): void {
  registerRoute(app, auditRoutes.list, async (request) =>
    gatherAuditLog({ sources: deps.sources, log: request.log }, request.query, request.id),
  );
}
