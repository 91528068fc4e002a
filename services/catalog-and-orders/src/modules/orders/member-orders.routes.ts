import { assistantPeerRoutes, MEMBER_ORDERS_LIMIT, type MemberOrder } from '@jesus-walks/contracts/assistant';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { CatalogAndOrdersDatabase } from '../../db/database';
import { listOrdersFor } from './orders.service';

/**
 * GET /internal/users/{id}/orders: a member's own orders for the assistant (internal token only).
 * The id is the caller the assistant verified; the answer leaves out addresses, e-mails and payments.
 */
export function registerMemberOrdersRoutes(
  app: ServiceApp,
  deps: { db: Kysely<CatalogAndOrdersDatabase> },
): void {
  registerRoute(app, assistantPeerRoutes.memberOrders, async (request) => {
    const orders = await listOrdersFor(deps.db, { id: request.params.id, username: '', isAdmin: false });
    return orders.slice(0, MEMBER_ORDERS_LIMIT).map(
      (order): MemberOrder => ({
        id: order.id,
        status: order.status,
        total: order.total,
        createdAt: order.createdAt,
        items: order.items.map((item) => ({ name: item.name, quantity: item.quantity })),
        trackingNumber: order.trackingNumber,
        carrier: order.carrier,
        estimatedDeliveryDate: order.estimatedDeliveryDate,
      }),
    );
  });
}
