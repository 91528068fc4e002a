import type { Identity } from '@jesus-walks/contracts/common';
import {
  type EventCancellation,
  type EventQuote,
  type EventQuoteBody,
  eventRoutes,
  type InternalCancelRegistrationBody,
  type RegistrationCancellation,
} from '@jesus-walks/contracts/events';
import {
  type AdminOrder,
  type InternalCancelOrderBody,
  orderRoutes,
  type Quote,
  type QuoteBody,
} from '@jesus-walks/contracts/orders';
import type {
  FulfilBody,
  Fulfilment,
  PayableQuote,
  PayableRoutes,
  ReleaseResult,
} from '@jesus-walks/contracts/payable';
import { upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { createInternalClient, type InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { PaymentRecordColumn, SellerName } from '../../db/database';

/**
 * A seller through its payable routes (ARCHITECTURE.md section 4, contracts/payable): quote holds
 * what is bought for a few minutes at the seller's prices, fulfil (idempotent on the payment id)
 * makes it the buyer's, release gives the hold back; and cancel, for payments' Cancel and refund,
 * takes back what fulfil made (idempotent) before payments refunds its payment. Never called inside
 * a transaction that holds row locks.
 */
export interface Seller<
  Body = unknown,
  SellerQuote extends PayableQuote = PayableQuote,
  CancelRequest = unknown,
  Cancelled = unknown,
> {
  readonly name: SellerName;
  /** The payment row's column that keeps what this seller's fulfil made. */
  readonly recordColumn: PaymentRecordColumn;
  /** What the buyer gets, in the buyer's messages ('We could not complete your order'). */
  readonly noun: string;
  quote(body: Body, requestId?: string): Promise<SellerQuote>;
  fulfil(quoteId: string, body: FulfilBody, requestId?: string): Promise<Fulfilment>;
  release(quoteId: string, requestId?: string): Promise<ReleaseResult>;
  /**
   * Cancels what this seller's fulfil made, for its refund: idempotent (one cancelled already is
   * answered as it is); the seller's 4xx (not found, shipped, the walk started) says why not.
   */
  cancel(request: CancelRequest, requestId?: string): Promise<Cancelled>;
}

/** The one way a seller is made: its payable routes and its cancel, called through a client of its service. */
function createSeller<Body, SellerQuote extends PayableQuote, CancelRequest, Cancelled>(
  routes: PayableRoutes<Body, SellerQuote>,
  options: {
    name: SellerName;
    recordColumn: PaymentRecordColumn;
    noun: string;
    client: () => InternalClient;
    /** The seller's own cancel route (its shape is the seller's: an order's id, a registration's canceller). */
    cancel: (
      client: InternalClient,
      request: CancelRequest,
      extra: { requestId?: string },
    ) => Promise<Cancelled>;
  },
): Seller<Body, SellerQuote, CancelRequest, Cancelled> {
  const withId = (requestId: string | undefined) => (requestId ? { requestId } : {});
  return {
    name: options.name,
    recordColumn: options.recordColumn,
    noun: options.noun,
    quote: (body, requestId) => options.client().call(routes.internalQuote, { body, ...withId(requestId) }),
    fulfil: (quoteId, body, requestId) =>
      options.client().call(routes.internalFulfil, { params: { quoteId }, body, ...withId(requestId) }),
    release: (quoteId, requestId) =>
      options.client().call(routes.internalRelease, { params: { quoteId }, ...withId(requestId) }),
    cancel: (request, requestId) => options.cancel(options.client(), request, withId(requestId)),
  };
}

/** Catalog cancels a paid order for its refund (its stock back on the shelf; 409 once shipped). */
export type OrderCancelRequest = { orderId: number } & InternalCancelOrderBody;

/**
 * The registry: every seller payments takes money for, under the name a payment row keeps.
 * Catalog sells the shop's goods (an order), content-and-events the seats of paid walks (a
 * registration). A third seller is one entry here, its three payable routes and its cancel.
 */
export interface Sellers {
  catalog: Seller<QuoteBody, Quote, OrderCancelRequest, AdminOrder>;
  events: Seller<EventQuoteBody, EventQuote, InternalCancelRegistrationBody, RegistrationCancellation> & {
    /**
     * Deletes or cancels a whole walk (its registrants told) and answers its seats paid online, for
     * their refunds; idempotent, a walk cancelled already answers them again.
     */
    cancelEvent(eventId: number, actor: Identity, requestId?: string): Promise<EventCancellation>;
  };
}

/** A client of a peer service; without its URL, every call is a 503 naming the missing setting. */
export interface PeerClient {
  client: () => InternalClient;
  close(): Promise<void>;
}

export function createPeerClient(options: {
  baseUrl: string | undefined;
  internalToken: string;
  /** The 503's message when the URL is not set. */
  missing: string;
}): PeerClient {
  const client = options.baseUrl
    ? createInternalClient({
        baseUrl: options.baseUrl,
        internalToken: options.internalToken,
        timeoutMs: 10_000,
      })
    : null;
  return {
    client: () => {
      if (!client) throw upstreamUnavailable(options.missing);
      return client;
    },
    close: async () => {
      await client?.close();
    },
  };
}

export function createSellers(peers: { catalog: PeerClient; events: PeerClient }): Sellers {
  return {
    catalog: createSeller(orderRoutes, {
      name: 'catalog',
      recordColumn: 'orderId',
      noun: 'order',
      client: peers.catalog.client,
      cancel: (client, { orderId, ...body }, extra) =>
        client.call(orderRoutes.internalCancel, { params: { id: orderId }, body, ...extra }),
    }),
    events: {
      ...createSeller(eventRoutes, {
        name: 'events',
        recordColumn: 'registrationId',
        noun: 'registration',
        client: peers.events.client,
        // content-and-events decides who may (the owner, an admin, a guest's link) and frees the seat.
        cancel: (client, body, extra) =>
          client.call(eventRoutes.internalCancelRegistration, { body, ...extra }),
      }),
      cancelEvent: (eventId, actor, requestId) =>
        peers.events.client().call(eventRoutes.internalCancelEvent, {
          params: { id: eventId },
          body: { actor },
          ...(requestId ? { requestId } : {}),
        }),
    },
  };
}

/** The seller whose quote a payment pays. */
export function sellerOf(sellers: Sellers, name: SellerName): Seller {
  return sellers[name] as Seller;
}
