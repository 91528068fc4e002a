import type { MemberDataPart, MemberErasure, MemberRef } from '@jesus-walks/contracts/privacy';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import { purgeJobsMentioning, scrubAuditLog } from '@jesus-walks/service-kit/member-erasure';
import type { CatalogDeps } from '../../deps';
import {
  anonymiseOrders,
  deleteCartEventsOf,
  deleteRateLimitHitsOf,
  forgetStockHolder,
  listCartEventsOf,
  listItemsOfOrders,
  listMemberOrders,
  type MemberOrderRow,
  scrubReasons,
} from './privacy.repository';

/*
 * A member's data in catalog-and-orders (issue 23): their orders (as a member, and as a guest with
 * one of their addresses) and what they put in a cart while logged in. Identity gathers the export
 * and asks for the erasure when the account is deleted (contracts/privacy.ts).
 */

const SERVICE = 'catalog-and-orders';
type PrivacyDeps = Pick<CatalogDeps, 'db'>;

const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** POST /internal/privacy/catalog-and-orders/export */
export async function exportMemberData(deps: PrivacyDeps, member: MemberRef): Promise<MemberDataPart> {
  const orders = await listMemberOrders(deps.db, member);
  const items = await listItemsOfOrders(
    deps.db,
    orders.map((order) => order.id),
  );
  const cart = await listCartEventsOf(deps.db, member.userId);
  return {
    service: SERVICE,
    sections: {
      orders: orders.map((order) => ({
        id: order.id,
        placedAs: order.userId === null ? 'guest' : 'member',
        placedAt: order.createdAt.toISOString(),
        status: order.status,
        items: items
          .filter((item) => item.orderId === order.id)
          .map((item) => ({ product: item.name, quantity: item.quantity, unitPrice: item.price })),
        shippingCost: order.shippingCost,
        total: order.total,
        shippingMethod: order.shippingMethodName,
        carrier: order.shippingCarrier,
        trackingNumber: order.trackingNumber,
        estimatedDeliveryDate: isoDay(order.estimatedDeliveryDate),
        name: order.customerName,
        email: order.customerEmail,
        phone: order.phoneNumber,
        shippingAddress: order.shippingAddress,
        paymentMethod: order.paymentMethod,
        cancellationReason: order.cancellationReason,
        testMode: order.testMode,
        lastChangedAt: order.updatedAt.toISOString(),
      })),
      cartActivity: cart.map((event) => ({
        product: event.name,
        quantity: event.quantity,
        at: event.createdAt.toISOString(),
      })),
    },
  };
}

/** The names and phone numbers an order gives for its buyer (to erase from the activity record). */
function namesOf(orders: readonly MemberOrderRow[]): string[] {
  return orders.flatMap((order) => {
    const address = order.shippingAddress ?? {};
    return [order.customerName, order.phoneNumber, address.fullName, address.name, address.phone].filter(
      (value): value is string => typeof value === 'string' && value.trim() !== '',
    );
  });
}

/**
 * POST /internal/privacy/catalog-and-orders/erase: in one transaction, the orders keep their ids,
 * amounts, dates, items and statuses without the buyer's name, e-mail, phone and address; the cart
 * activity and rate-limit counts go; held stock no longer names the member; the activity record's
 * entries stay without them; e-mails not yet sent to their addresses are dropped. Erasing again
 * finds nothing left and answers zeros.
 */
export async function eraseMemberData(deps: PrivacyDeps, member: MemberRef): Promise<MemberErasure> {
  return deps.db.transaction().execute(async (trx) => {
    const orders = await listMemberOrders(trx, member);
    const ids = orders.map((order) => order.id);
    const names = namesOf(orders);
    const auditEntries = await scrubAuditLog(trx, {
      userId: member.userId,
      emails: member.emails,
      usernames: member.usernames,
      targets: [{ type: 'order', ids }],
      names,
    });
    const reasons = await scrubReasons(trx, ids, [...member.emails, ...names]);
    return {
      service: SERVICE,
      erased: {
        orders: await anonymiseOrders(trx, ids),
        reasons,
        cartEvents: await deleteCartEventsOf(trx, member.userId),
        stockHolds: await forgetStockHolder(trx, member.userId),
        rateLimitHits: await deleteRateLimitHitsOf(trx, member.userId),
        auditEntries,
        jobs: await purgeJobsMentioning(trx, schemaNameOf(SERVICE), member.emails),
      },
    };
  });
}
