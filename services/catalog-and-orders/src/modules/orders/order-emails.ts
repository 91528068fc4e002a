import { describeShippingAddress } from '@jesus-walks/contracts/orders';
import { deliveryText } from '@jesus-walks/contracts/shipping';
import type { MailMessage } from '@jesus-walks/service-kit/mailer';
import type { StoredQuoteLine } from '../../db/database';

export interface ConfirmationDetails {
  to: string;
  /** The buyer's name as given at checkout (null: a plain greeting). */
  name: string | null;
  orderId: number;
  items: readonly StoredQuoteLine[];
  subtotal: string;
  shipping: string;
  total: string;
  shippingMethod: string;
  shippingAddress: Record<string, unknown>;
  estimatedDays: number | null;
  estimatedDeliveryDate: Date | null;
  /** The signed link to the order's status page (no account needed). */
  statusUrl: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'America/Los_Angeles',
});

function deliveryLine(details: ConfirmationDetails): string {
  const within = deliveryText(details.estimatedDays);
  if (!details.estimatedDeliveryDate) return `Estimated delivery: ${within}`;
  return `Estimated delivery: ${within} (around ${dateFormat.format(details.estimatedDeliveryDate)})`;
}

/** The confirmation of a paid order: what was bought, at what price, where it goes, and when. */
export function orderConfirmationEmail(details: ConfirmationDetails): MailMessage {
  const lines = details.items.map(
    (item) => `  ${item.quantity} x ${item.name} at $${item.unitPrice} = $${item.lineTotal}`,
  );
  const text = [
    details.name ? `Hi ${details.name},` : 'Hello,',
    `Thank you for your order! Your payment has been received and order #${details.orderId} is confirmed.`,
    ['Items:', ...lines].join('\n'),
    [
      `Subtotal: $${details.subtotal}`,
      `Shipping (${details.shippingMethod}): $${details.shipping}`,
      `Total: $${details.total}`,
    ].join('\n'),
    `Shipping to: ${describeShippingAddress(details.shippingAddress)}`,
    deliveryLine(details),
    `Follow your order (status and tracking): ${details.statusUrl}`,
    'Jesus Walks',
  ].join('\n\n');
  return { to: details.to, subject: `Order #${details.orderId} confirmed`, text };
}

export interface ShippedDetails {
  to: string;
  name: string | null;
  orderId: number;
  items: ReadonlyArray<{ name: string; quantity: number }>;
  trackingNumber: string;
  carrier: string | null;
  /** Noon of the expected day in the valley, or null when not given. */
  estimatedDeliveryDate: Date | null;
  statusUrl: string;
}

/** The customer's notice that their order is on its way, with what tracks it. */
export function orderShippedEmail(details: ShippedDetails): MailMessage {
  const tracking = details.carrier
    ? `Tracking number (${details.carrier}): ${details.trackingNumber}`
    : `Tracking number: ${details.trackingNumber}`;
  const text = [
    details.name ? `Hi ${details.name},` : 'Hello,',
    `Good news: order #${details.orderId} has shipped.`,
    ['Items:', ...details.items.map((item) => `  ${item.quantity} x ${item.name}`)].join('\n'),
    tracking,
    ...(details.estimatedDeliveryDate
      ? [`Estimated delivery: ${dateFormat.format(details.estimatedDeliveryDate)}`]
      : []),
    `Follow your order: ${details.statusUrl}`,
    'Jesus Walks',
  ].join('\n\n');
  return { to: details.to, subject: `Order #${details.orderId} has shipped`, text };
}

export interface ClaimLinkDetails {
  to: string;
  /** The member's username. */
  name: string;
  /** The guest orders placed with this address, newest first. */
  orders: ReadonlyArray<{ id: number; createdAt: Date; total: string }>;
  /** The signed link that adds them to the account. */
  claimUrl: string;
  /** How long the link is valid. */
  validDays: number;
}

/** The most orders the claim e-mail lists one by one (the link claims them all). */
const CLAIM_EMAIL_LISTED_ORDERS = 20;

const placedOn = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'America/Los_Angeles',
});

/** To a member's account address: the orders placed there as a guest, and the link that adds them. */
export function orderClaimEmail(details: ClaimLinkDetails): MailMessage {
  const listed = details.orders
    .slice(0, CLAIM_EMAIL_LISTED_ORDERS)
    .map((order) => `  Order #${order.id}, placed ${placedOn.format(order.createdAt)}: $${order.total}`);
  const more = details.orders.length - listed.length;
  const one = details.orders.length === 1;
  const text = [
    `Hi ${details.name},`,
    `You asked us to add the orders placed as a guest with this e-mail address to your Jesus Walks account. We found ${one ? 'one' : details.orders.length}:`,
    [...listed, ...(more > 0 ? [`  and ${more} more`] : [])].join('\n'),
    `Add ${one ? 'it' : 'them'} to your account (log in first if asked; the link is valid for ${details.validDays} days): ${details.claimUrl}`,
    'If you did not ask for this, you can ignore this e-mail: nothing changes unless the link is followed from your account.',
    'Jesus Walks',
  ].join('\n\n');
  return {
    to: details.to,
    subject: one
      ? 'Add your order to your Jesus Walks account'
      : 'Add your orders to your Jesus Walks account',
    text,
  };
}
