import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPaymentIntent, jsonResponse, stubFetch } from '@/testing/api-stubs';
import { confirmSandboxPayment } from '../../api/confirm-sandbox-payment';
import { CheckoutContactFormSchema, paymentContactOf } from '../../utils/contact-schema';
import { rethrowContactRefusal } from './payment-path';
import { sandboxCardPayment } from './sandbox-card-path';

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

function sentBody(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  return { url: String(url), body: JSON.parse(String(init?.body)) as unknown };
}

describe("the sandbox card path's payment", () => {
  it('confirms the card with the contact the form holds, in the one call that pays', async () => {
    const intent = aPaymentIntent();
    const fetchMock = stubFetch(jsonResponse({ status: 'succeeded', paymentId: intent.paymentId }));
    const form = CheckoutContactFormSchema.parse({
      fullName: 'Ann Lee',
      email: 'ann@example.com',
      phone: '',
      paymentMethod: 'stripe',
    });
    const prepared = sandboxCardPayment(card, confirmSandboxPayment);
    if (!('pay' in prepared)) throw new Error('expected a payment');

    expect(await prepared.pay(intent, paymentContactOf(form))).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBody(fetchMock)).toEqual({
      url: checkoutRoutes.sandboxConfirm.path,
      body: {
        clientSecret: intent.clientSecret,
        contact: { fullName: 'Ann Lee', email: 'ann@example.com' },
        ...card,
      },
    });
  });

  it('throws a refused contact for the step to show on its fields', async () => {
    stubFetch(
      jsonResponse(
        {
          message: 'The request is not valid',
          code: 'validation_failed',
          issues: [{ path: ['body', 'contact', 'fullName'], message: 'Too short' }],
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );
    const prepared = sandboxCardPayment(card, confirmSandboxPayment);
    if (!('pay' in prepared)) throw new Error('expected a payment');
    const error = await prepared
      .pay(aPaymentIntent(), { fullName: 'Ann Lee' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400 });
    expect(() => rethrowContactRefusal(error)).toThrow(error as Error);
    expect(() => rethrowContactRefusal(new Error('offline'))).not.toThrow();
  });
});
