import { assistantPeerRoutes, MEMBER_ORDERS_LIMIT } from '@jesus-walks/contracts/assistant';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import { listMemberOrders } from './order-reads.service';

/**
 * GET /internal/users/{id}/orders: a member's own orders for the assistant (internal token only).
 * The id is the caller the assistant verified; the answer leaves out addresses, e-mails and payments.
 */
export function registerMemberOrdersRoutes(app: ServiceApp, deps: CatalogDeps): void {
  registerRoute(app, assistantPeerRoutes.memberOrders, async (request) =>
    listMemberOrders(deps, { userId: request.params.id, limit: MEMBER_ORDERS_LIMIT }),
  );
}
