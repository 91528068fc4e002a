import { orderRoutes } from '@jesus-walks/contracts/orders';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { attachment } from '@jesus-walks/service-kit/csv';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import { fulfilQuote, orderStatusByToken } from './order-fulfilment.service';
import { exportOrdersCsv, listAdminOrders, listOrdersFor, orderStats } from './order-reads.service';
import {
  cancelOrderForRefund,
  createManualOrder,
  deleteOrder,
  setOrderStatus,
  setShipment,
} from './orders.service';

export function registerOrdersRoutes(app: ServiceApp, deps: CatalogDeps): void {
  registerRoute(app, orderRoutes.list, async (request) => listOrdersFor(deps, identityOf(request)));
  registerRoute(app, orderRoutes.adminList, async (request) =>
    listAdminOrders(deps, { ...request.query, requestId: request.id }),
  );
  registerRoute(app, orderRoutes.adminCsv, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('orders.csv'))
      .header('cache-control', 'no-store')
      .send(await exportOrdersCsv(deps, { ...request.query, requestId: request.id })),
  );
  registerRoute(app, orderRoutes.adminStats, async (request) => orderStats(deps, request.query.days));
  registerRoute(app, orderRoutes.update, async (request) =>
    setOrderStatus(deps, { id: request.params.id, status: request.body.status, actor: identityOf(request) }),
  );
  registerRoute(app, orderRoutes.setShipment, async (request) =>
    setShipment(deps, {
      ...request.body,
      id: request.params.id,
      actor: identityOf(request),
      requestId: request.id,
    }),
  );
  registerRoute(app, orderRoutes.delete, async (request) =>
    deleteOrder(deps, { id: request.params.id, actor: identityOf(request) }),
  );
  registerRoute(app, orderRoutes.createManual, async (request, reply) =>
    reply
      .code(201)
      .send(
        await createManualOrder(deps, { ...request.body, actor: identityOf(request), requestId: request.id }),
      ),
  );
  registerRoute(app, orderRoutes.internalFulfil, async (request) =>
    fulfilQuote(deps, { ...request.body, quoteId: request.params.quoteId, requestId: request.id }),
  );
  registerRoute(app, orderRoutes.internalCancel, async (request) =>
    cancelOrderForRefund(deps, { ...request.body, id: request.params.id }),
  );
  registerRoute(app, orderRoutes.status, async (request) => orderStatusByToken(deps, request.query.token));
}
