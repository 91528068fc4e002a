import { describe, expect, it } from 'vitest';
import {
  orderCancelledEmail,
  refundAlreadyMessage,
  refundAuditSummary,
  refundRequestedMessage,
} from './order-payment-emails';

const stripe = { orderId: 12, amount: '45.00', provider: 'stripe', manual: false };
const coinbase = { orderId: 13, amount: '0.10', provider: 'coinbase', manual: true };

describe('Cancel and refund wording', () => {
  it('summarises the record with the exact amount and who refunds it', () => {
    expect(refundAuditSummary(stripe)).toBe('Cancelled order #12 and refunded $45.00 by Stripe');
    expect(refundAuditSummary({ ...stripe, provider: 'sandbox' })).toBe(
      'Cancelled order #12 and refunded $45.00 by the sandbox (test mode)',
    );
    expect(refundAuditSummary(coinbase)).toBe(
      'Cancelled order #13; its $0.10 crypto payment is to be refunded by hand',
    );
  });

  it('tells the admin where the refund stands', () => {
    expect(refundRequestedMessage(stripe)).toBe(
      'Order #12 cancelled. The refund of $45.00 is on its way through Stripe.',
    );
    expect(refundRequestedMessage(coinbase)).toMatch(
      /^Order #13 cancelled\. Crypto payments cannot be refunded/,
    );
    expect(refundAlreadyMessage(stripe, 'refunded')).toBe(
      'Order #12 is cancelled; its payment of $45.00 has been refunded.',
    );
    expect(refundAlreadyMessage(stripe, 'failed')).toMatch(/Stripe refused to refund/);
  });

  it('e-mails the customer that the order is cancelled and how the money comes back', () => {
    const details = {
      to: 'ada@example.com',
      name: 'Ada',
      reason: 'The hike was called off',
      testMode: false,
    };
    const card = orderCancelledEmail({ ...stripe, ...details });
    expect(card.to).toBe('ada@example.com');
    expect(card.subject).toBe('Order #12 cancelled and refunded');
    expect(card.text).toContain('Hi Ada,');
    expect(card.text).toContain('Your order #12 has been cancelled. Reason: The hike was called off');
    expect(card.text).toContain('Your payment of $45.00 has been refunded through Stripe');

    const sandbox = orderCancelledEmail({ ...stripe, provider: 'sandbox', ...details, testMode: true });
    expect(sandbox.text).toContain('It was made in test mode, so no real money was taken.');

    const crypto = orderCancelledEmail({ ...coinbase, ...details, name: null });
    expect(crypto.subject).toBe('Order #13 cancelled: your refund');
    expect(crypto.text).toMatch(/^Hello,/);
    expect(crypto.text).toContain('recorded for a manual refund');
  });
});
