import { orderRoutes } from '@jesus-walks/contracts/orders';
import { userRoutes } from '@jesus-walks/contracts/users';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { attachment } from '@jesus-walks/service-kit/csv';
import { notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import { fulfilQuote, orderStatusByToken } from './order-fulfilment.service';
import {
  cancelOrderForRefund,
  createManualOrder,
  deleteOrder,
  exportOrdersCsv,
  listAdminOrders,
  listOrdersFor,
  type ManualOrderCustomer,
  type OrdersDeps,
  orderStats,
  setOrderStatus,
  setShipment,
} from './orders.service';

/** The database, identity's client (null when IDENTITY_URL is not configured), mail and links. */
export type OrdersRoutesDeps = OrdersDeps;

export function registerOrdersRoutes(app: ServiceApp, deps: OrdersRoutesDeps): void {
  /**
   * The customer of a manual order must exist in identity (asked before any transaction), through
   * identity's batch lookup: an unknown id is simply absent from its answer.
   */
  async function findCustomer(userId: number, requestId: string): Promise<ManualOrderCustomer> {
    if (!deps.identity) throw upstreamUnavailable('identity is not configured (IDENTITY_URL)');
    const found = await deps.identity.call(userRoutes.internalLookup, { body: { ids: [userId] }, requestId });
    const customer = found.find((user) => user.id === userId);
    if (!customer) throw notFound('Customer not found');
    return customer;
  }

  registerRoute(app, orderRoutes.list, async (request) => listOrdersFor(deps.db, identityOf(request)));
  registerRoute(app, orderRoutes.adminList, async (request) =>
    listAdminOrders(deps, request.query, request.id),
  );
  registerRoute(app, orderRoutes.adminCsv, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('orders.csv'))
      .header('cache-control', 'no-store')
      .send(await exportOrdersCsv(deps, request.query, request.id)),
  );
  registerRoute(app, orderRoutes.adminStats, async (request) => orderStats(deps.db, request.query.days));
  registerRoute(app, orderRoutes.update, async (request) =>
    setOrderStatus(deps.db, request.params.id, request.body.status, identityOf(request)),
  );
  registerRoute(app, orderRoutes.setShipment, async (request) =>
    setShipment(deps, request.params.id, request.body, identityOf(request), request.id),
  );
  registerRoute(app, orderRoutes.delete, async (request) =>
    deleteOrder(deps.db, request.params.id, identityOf(request)),
  );
  registerRoute(app, orderRoutes.createManual, async (request, reply) => {
    const customer = await findCustomer(request.body.userId, request.id);
    return reply
      .code(201)
      .send(await createManualOrder(deps.db, request.body, customer, identityOf(request)));
  });
  registerRoute(app, orderRoutes.internalFulfil, async (request) =>
    fulfilQuote(deps, request.params.quoteId, request.body, request.id),
  );
  registerRoute(app, orderRoutes.internalCancel, async (request) =>
    cancelOrderForRefund(deps.db, request.params.id, request.body),
  );
  registerRoute(app, orderRoutes.status, async (request) => orderStatusByToken(deps, request.query.token));
}
