import { assistantPeerRoutes, type MemberOrder } from '@jesus-walks/contracts/assistant';
import { type Event, eventRoutes } from '@jesus-walks/contracts/events';
import { type Product, productRoutes } from '@jesus-walks/contracts/products';
import { createInternalClient, type InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { FastifyBaseLogger } from 'fastify';

/** The services the assistant asks: the catalog (products, a member's orders) and events. */
export interface Peers {
  products(requestId: string): Promise<Product[]>;
  upcomingEvents(requestId: string): Promise<Event[]>;
  /** The orders of this member id (only ever the verified caller's own); null when unavailable. */
  ordersOf(userId: number, requestId: string): Promise<MemberOrder[] | null>;
  close(): Promise<void>;
}

export interface PeersOptions {
  catalogUrl: string | undefined;
  eventsUrl: string | undefined;
  internalToken: string;
  timeoutMs: number;
  logger: FastifyBaseLogger;
}

/**
 * Peers over HTTP with the internal token. A peer that is not configured or fails answers nothing
 * (logged): the assistant then answers from what it has, and says so when that is nothing.
 */
export function createPeers(options: PeersOptions): Peers {
  const client = (baseUrl: string | undefined): InternalClient | null =>
    baseUrl
      ? createInternalClient({ baseUrl, internalToken: options.internalToken, timeoutMs: options.timeoutMs })
      : null;
  const catalog = client(options.catalogUrl);
  const events = client(options.eventsUrl);

  async function tolerant<T>(what: string, work: (() => Promise<T>) | null, fallback: T): Promise<T> {
    if (!work) return fallback;
    try {
      return await work();
    } catch (error) {
      options.logger.warn({ err: error }, `assistant: ${what} unavailable`);
      return fallback;
    }
  }

  return {
    products: (requestId) =>
      tolerant('products', catalog && (() => catalog.call(productRoutes.list, { requestId })), []),
    upcomingEvents: (requestId) =>
      tolerant(
        'events',
        events &&
          (async () => {
            const all = await events.call(eventRoutes.list, { requestId });
            return all.filter((event) => !event.isPast && !event.isCancelled);
          }),
        [],
      ),
    ordersOf: (userId, requestId) =>
      tolerant(
        'orders',
        catalog &&
          (() => catalog.call(assistantPeerRoutes.memberOrders, { params: { id: userId }, requestId })),
        null,
      ),
    async close() {
      await Promise.all([catalog?.close(), events?.close()]);
    },
  };
}
