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
