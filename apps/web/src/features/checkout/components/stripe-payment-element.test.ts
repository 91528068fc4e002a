import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { confirmWithStripe } from './stripe-payment-element';

const RETURN_URL = 'https://shop.example/order-confirmation';

/** Stripe.js as the Payment Element's confirmation uses it: submit, then confirmPayment. */
function fakeStripe(status: 'succeeded' | 'processing' = 'succeeded') {
  const confirmPayment = vi.fn(async (_options: unknown) => ({ paymentIntent: { status } }));
  const submit = vi.fn(async () => ({}));
  return {
    stripe: { confirmPayment } as unknown as Pick<Stripe, 'confirmPayment'>,
    elements: { submit } as unknown as StripeElements,
    confirmPayment,
    submit,
  };
}

describe("the Payment Element's confirmation", () => {
  it("gives Stripe the buyer's contact: the receipt's e-mail and the billing details", async () => {
    const { stripe, elements, confirmPayment } = fakeStripe();
    const contact = { fullName: 'Ann Lee', email: 'ann@example.com', phone: '(555) 123-4567' };
    expect(await confirmWithStripe(stripe, elements, contact, RETURN_URL)).toEqual({ status: 'succeeded' });
    expect(confirmPayment).toHaveBeenCalledWith({
      elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: RETURN_URL,
        receipt_email: 'ann@example.com',
        payment_method_data: {
          billing_details: { name: 'Ann Lee', email: 'ann@example.com', phone: '(555) 123-4567' },
        },
      },
    });
  });

  it('leaves out the e-mail and phone the buyer did not give', async () => {
    const { stripe, elements, confirmPayment } = fakeStripe();
    await confirmWithStripe(stripe, elements, { fullName: 'Ann Lee' }, RETURN_URL);
    expect(confirmPayment.mock.calls[0]?.[0]).toEqual({
      elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: RETURN_URL,
        payment_method_data: { billing_details: { name: 'Ann Lee' } },
      },
    });
  });

  it("confirms nothing when the Element's fields are not valid, and fails an intent not yet paid", async () => {
    const invalid = fakeStripe();
    invalid.submit.mockResolvedValueOnce({ error: { message: 'Your card number is incomplete.' } } as never);
    expect(
      await confirmWithStripe(invalid.stripe, invalid.elements, { fullName: 'Ann Lee' }, RETURN_URL),
    ).toEqual({
      error: 'Your card number is incomplete.',
    });
    expect(invalid.confirmPayment).not.toHaveBeenCalled();
    const processing = fakeStripe('processing');
    expect(
      await confirmWithStripe(processing.stripe, processing.elements, { fullName: 'Ann Lee' }, RETURN_URL),
    ).toEqual({ error: 'Payment failed' });
  });
});
