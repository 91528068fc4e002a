import {
  type EventFulfilBody,
  type EventFulfilment,
  type EventQuote,
  type EventQuoteBody,
  eventRoutes,
} from '@jesus-walks/contracts/events';
import { upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { createInternalClient, type InternalClient } from '@jesus-walks/service-kit/internal-client';

/**
 * content-and-events' payable routes for paid events' seats (the same three as catalog's): a quote
 * holds a seat for a few minutes, fulfil confirms the registration (idempotent on the payment id),
 * release gives the seat back. Never called inside a transaction that holds row locks.
 */
export interface EventSeller {
  quote(body: EventQuoteBody, requestId?: string): Promise<EventQuote>;
  fulfil(quoteId: string, body: EventFulfilBody, requestId?: string): Promise<EventFulfilment>;
  release(quoteId: string, requestId?: string): Promise<{ released: boolean }>;
  close(): Promise<void>;
}

export function createEventSeller(options: {
  baseUrl: string | undefined;
  internalToken: string;
}): EventSeller {
  const client: InternalClient | null = options.baseUrl
    ? createInternalClient({
        baseUrl: options.baseUrl,
        internalToken: options.internalToken,
        timeoutMs: 10_000,
      })
    : null;
  const events = () => {
    if (!client) throw upstreamUnavailable('Events are not reachable (CONTENT_AND_EVENTS_URL is not set)');
    return client;
  };
  const withId = (requestId: string | undefined) => (requestId ? { requestId } : {});
  return {
    quote: (body, requestId) => events().call(eventRoutes.internalQuote, { body, ...withId(requestId) }),
    fulfil: (quoteId, body, requestId) =>
      events().call(eventRoutes.internalFulfil, { params: { quoteId }, body, ...withId(requestId) }),
    release: (quoteId, requestId) =>
      events().call(eventRoutes.internalRelease, { params: { quoteId }, ...withId(requestId) }),
    async close() {
      await client?.close();
    },
  };
}
