import { type Product, productRoutes } from '@jesus-walks/contracts/products';
import type { PeerClient } from './sellers';

/**
 * What payments asks of the shop beyond selling (its payable routes and the cancel of an order
 * for its refund are the seller's, sellers.ts).
 */
export interface Catalog {
  /** Products on sale (names for the messages of a cart that changed). */
  products(requestId?: string): Promise<Product[]>;
}

export function createCatalog(peer: PeerClient): Catalog {
  const catalog = peer.client;
  const withId = (requestId: string | undefined) => (requestId ? { requestId } : {});
  return {
    products: (requestId) => catalog().call(productRoutes.list, withId(requestId)),
  };
}
