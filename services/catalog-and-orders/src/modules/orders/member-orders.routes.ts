import { assistantPeerRoutes, MEMBER_ORDERS_LIMIT } from '@jesus-walks/contracts/assistant';
import { orderRoutes } from '@jesus-walks/contracts/orders';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import { claimOrders, countClaimableOrders, sendClaimLink } from './order-claims.service';
import { listAccountOrders, listMemberOrders } from './order-reads.service';

/**
 * A member's own orders: their account page's (/api/account/orders*: the list, and claiming the
 * orders they placed as a guest), and the assistant's (GET /internal/users/{id}/orders, internal
 * token only: the id is the caller the assistant verified; the answer leaves out addresses,
 * e-mails and payments).
 */
export function registerMemberOrdersRoutes(app: ServiceApp, deps: CatalogDeps): void {
  registerRoute(app, orderRoutes.accountList, async (request) =>
    listAccountOrders(deps, { userId: identityOf(request).id }),
  );
  registerRoute(app, orderRoutes.accountClaimable, async (request) =>
    countClaimableOrders(deps, { caller: identityOf(request), requestId: request.id }),
  );
  registerRoute(app, orderRoutes.accountClaimLink, async (request, reply) =>
    reply.code(202).send(await sendClaimLink(deps, { caller: identityOf(request), requestId: request.id })),
  );
  registerRoute(app, orderRoutes.accountClaim, async (request) =>
    claimOrders(deps, { caller: identityOf(request), token: request.body.token, requestId: request.id }),
  );
  registerRoute(app, assistantPeerRoutes.memberOrders, async (request) =>
    listMemberOrders(deps, { userId: request.params.id, limit: MEMBER_ORDERS_LIMIT }),
  );
}
