import type { FulfilBody } from '@jesus-walks/contracts/orders';
import type { SellerName } from '../../db/database';
import type { Seller } from './catalog-seller';
import type { EventSeller } from './events-seller';

/** What a seller's fulfil made, in the terms finalisation needs. */
export interface SellerFulfilment {
  outcome: 'fulfilled' | 'unfulfillable';
  /** The order (catalog) or the registration (events). */
  record:
    | { kind: 'order'; orderId: number; status: string }
    | { kind: 'registration'; registrationId: number; eventId: number; status: string };
  total: string;
  reason: string | null;
}

/** The payable routes every seller offers, as finalisation and cancellation call them. */
export interface PayableSeller {
  fulfil(quoteId: string, body: FulfilBody, requestId?: string): Promise<SellerFulfilment>;
  release(quoteId: string, requestId?: string): Promise<{ released: boolean }>;
}

/** The sellers payments takes money for; a payment row names the one whose quote it pays. */
export interface Sellers {
  catalog: Seller;
  events: EventSeller;
}

export function payableSeller(sellers: Sellers, name: SellerName): PayableSeller {
  if (name === 'events') {
    return {
      async fulfil(quoteId, body, requestId) {
        const result = await sellers.events.fulfil(quoteId, body, requestId);
        return {
          outcome: result.outcome,
          record: {
            kind: 'registration',
            registrationId: result.registrationId,
            eventId: result.eventId,
            status: result.status,
          },
          total: result.total,
          reason: result.reason,
        };
      },
      release: (quoteId, requestId) => sellers.events.release(quoteId, requestId),
    };
  }
  return {
    async fulfil(quoteId, body, requestId) {
      const result = await sellers.catalog.fulfil(quoteId, body, requestId);
      return {
        outcome: result.outcome,
        record: { kind: 'order', orderId: result.orderId, status: result.status },
        total: result.total,
        reason: result.reason,
      };
    },
    release: (quoteId, requestId) => sellers.catalog.release(quoteId, requestId),
  };
}
