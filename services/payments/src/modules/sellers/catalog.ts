import { type AdminOrder, type InternalCancelOrderBody, orderRoutes } from '@jesus-walks/contracts/orders';
import { type Product, productRoutes } from '@jesus-walks/contracts/products';
import type { PeerClient } from './sellers';

/** What payments asks of the shop beyond its payable routes. */
export interface Catalog {
  /**
   * Cancels a paid order for its refund and returns its stock (idempotent: an order cancelled
   * already answers as it is); conflict once it has shipped.
   */
  cancelOrder(orderId: number, body: InternalCancelOrderBody, requestId?: string): Promise<AdminOrder>;
  /** Products on sale (names for the messages of a cart that changed). */
  products(requestId?: string): Promise<Product[]>;
}

export function createCatalog(peer: PeerClient): Catalog {
  const catalog = peer.client;
  const withId = (requestId: string | undefined) => (requestId ? { requestId } : {});
  return {
    cancelOrder: (orderId, body, requestId) =>
      catalog().call(orderRoutes.internalCancel, { params: { id: orderId }, body, ...withId(requestId) }),
    products: (requestId) => catalog().call(productRoutes.list, withId(requestId)),
  };
}
