import {
  type AdminOrder,
  type FulfilBody,
  type Fulfilment,
  type InternalCancelOrderBody,
  orderRoutes,
  type Quote,
  type QuoteBody,
} from '@jesus-walks/contracts/orders';
import { type Product, productRoutes } from '@jesus-walks/contracts/products';
import { upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { createInternalClient, type InternalClient } from '@jesus-walks/service-kit/internal-client';

/**
 * The seller's payable routes (ARCHITECTURE.md section 4): quote, fulfil (idempotent on the
 * payment id) and release. Catalog is the one seller today; paid events will be the second.
 * Never called inside a transaction that holds row locks.
 */
export interface Seller {
  quote(body: QuoteBody, requestId?: string): Promise<Quote>;
  fulfil(quoteId: string, body: FulfilBody, requestId?: string): Promise<Fulfilment>;
  release(quoteId: string, requestId?: string): Promise<{ released: boolean }>;
  /**
   * Cancels a paid order for its refund and returns its stock (idempotent: an order cancelled
   * already answers as it is); conflict once it has shipped.
   */
  cancelOrder(orderId: number, body: InternalCancelOrderBody, requestId?: string): Promise<AdminOrder>;
  /** Products on sale (names for the messages of a cart that changed). */
  products(requestId?: string): Promise<Product[]>;
  close(): Promise<void>;
}

export function createCatalogSeller(options: { baseUrl: string | undefined; internalToken: string }): Seller {
  const client: InternalClient | null = options.baseUrl
    ? createInternalClient({
        baseUrl: options.baseUrl,
        internalToken: options.internalToken,
        timeoutMs: 10_000,
      })
    : null;
  const catalog = () => {
    if (!client) throw upstreamUnavailable('The shop is not reachable (CATALOG_AND_ORDERS_URL is not set)');
    return client;
  };
  const withId = (requestId: string | undefined) => (requestId ? { requestId } : {});
  return {
    quote: (body, requestId) => catalog().call(orderRoutes.internalQuote, { body, ...withId(requestId) }),
    fulfil: (quoteId, body, requestId) =>
      catalog().call(orderRoutes.internalFulfil, { params: { quoteId }, body, ...withId(requestId) }),
    release: (quoteId, requestId) =>
      catalog().call(orderRoutes.internalRelease, { params: { quoteId }, ...withId(requestId) }),
    cancelOrder: (orderId, body, requestId) =>
      catalog().call(orderRoutes.internalCancel, { params: { id: orderId }, body, ...withId(requestId) }),
    products: (requestId) => catalog().call(productRoutes.list, withId(requestId)),
    async close() {
      await client?.close();
    },
  };
}
