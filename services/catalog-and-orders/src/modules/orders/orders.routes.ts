import { orderRoutes } from '@jesus-walks/contracts/orders';
import { userRoutes } from '@jesus-walks/contracts/users';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import { type FulfilmentDeps, fulfilQuote, orderStatusByToken } from './order-fulfilment.service';
import { createManualOrder, deleteOrder, listOrdersFor, setOrderStatus } from './orders.service';

/** The database, identity's client (null when IDENTITY_URL is not configured), mail and links. */
export type OrdersRoutesDeps = FulfilmentDeps;

export function ordersRoutes(app: ServiceApp, deps: OrdersRoutesDeps): void {
  /**
   * The customer of a manual order must exist in identity (asked before any transaction), through
   * identity's batch lookup: an unknown id is simply absent from its answer.
   */
  async function assertCustomerExists(userId: number, requestId: string): Promise<void> {
    if (!deps.identity) throw upstreamUnavailable('identity is not configured (IDENTITY_URL)');
    const found = await deps.identity.call(userRoutes.internalLookup, { body: { ids: [userId] }, requestId });
    if (!found.some((user) => user.id === userId)) throw notFound('Customer not found');
  }

  registerRoute(app, orderRoutes.list, async (request) => listOrdersFor(deps.db, identityOf(request)));
  registerRoute(app, orderRoutes.update, async (request) =>
    setOrderStatus(deps.db, request.params.id, request.body.status),
  );
  registerRoute(app, orderRoutes.delete, async (request) => deleteOrder(deps.db, request.params.id));
  registerRoute(app, orderRoutes.createManual, async (request, reply) => {
    await assertCustomerExists(request.body.userId, request.id);
    return reply.code(201).send(await createManualOrder(deps.db, request.body));
  });
  registerRoute(app, orderRoutes.internalFulfil, async (request) =>
    fulfilQuote(deps, request.params.quoteId, request.body, request.id),
  );
  registerRoute(app, orderRoutes.status, async (request) => orderStatusByToken(deps, request.query.token));
}
