import type { PaymentIntentResponse, Processor } from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../hooks/use-payment-intent';
import type { IntentState } from '../utils/payment-intent';
import { methodTiles } from './payment-method-tiles';
import { PaymentStep } from './payment-step';

const tiles = methodTiles(
  (['stripe', 'square', 'safekey', 'apple_pay', 'google_pay', 'crypto'] as const).map((method) => ({
    method,
    label: method,
    available: true,
    testMode: true,
    reason: null,
  })),
);

function intentOf(processor: Processor): PaymentIntentResponse {
  return {
    clientSecret: 'pi_1_secret_1',
    paymentId: '5b0c8f1e-6d2f-4c1a-9a57-3f0e2a4b6c7d',
    paymentSecret: 'secret',
    processor,
    testMode: processor === 'sandbox',
    currency: 'USD',
    items: [],
    subtotal: '18.50',
    shipping: '9.99',
    total: '28.49',
    shippingMethod: {
      id: 1,
      name: 'USPS Ground',
      carrier: 'USPS',
      service: 'Ground',
      rate: 9.99,
      estimatedDays: 3,
      zone: 'domestic',
    },
    expiresAt: '2031-01-01T00:00:00.000Z',
  };
}

function paymentOf(
  paymentMethod: PaymentMethod | null,
  state: IntentState<PaymentIntentResponse>,
): PaymentIntent<PaymentIntentResponse> {
  return {
    tiles,
    paymentMethod,
    choose: () => {},
    state,
    retry: () => {},
    paid: new Set(),
    setPaying: () => {},
    finalise: async () => null,
    stripePublishableKey: null,
    cryptoProviders: ['coinbase'],
  };
}

/** The payment step as the server renders it: the payment area and the pay button. */
function render(payment: PaymentIntent<PaymentIntentResponse>): { area: string; button: string | null } {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <PaymentStep payment={payment} />
    </QueryClientProvider>,
  );
  const area = html.slice(html.indexOf('data-testid="payment-area"'));
  const button = /<button type="submit"[^>]*>.*?<\/button>/.exec(area)?.[0] ?? null;
  return { area, button };
}

const ready = (processor: Processor) => ({ status: 'ready', intent: intentOf(processor) }) as const;

describe('the payment step', () => {
  it("pays with the selected tile's path: each shows its own fields", () => {
    expect(render(paymentOf('stripe', ready('sandbox'))).area).toContain('Card number');
    expect(render(paymentOf('square', ready('sandbox'))).area).toContain('Card number');
    expect(render(paymentOf('square', ready('square'))).area).toContain('data-testid="square-card-form"');
    expect(render(paymentOf('safekey', ready('safekey'))).area).toContain('data-testid="safekey-fields"');
    expect(render(paymentOf('apple_pay', ready('sandbox'))).area).toContain(
      'Apple&#x27;s payment sheet opens when you pay.',
    );
    expect(render(paymentOf('google_pay', ready('sandbox'))).area).toContain('Loading Google Pay...');
  });

  it("says the Stripe tile's Payment Element cannot load without Stripe's publishable key", () => {
    const { area } = render(paymentOf('stripe', ready('stripe')));
    expect(area).toContain('Payment system not ready');
    expect(area).not.toContain('Card number');
  });

  it("leaves crypto to its own button, and keeps Google Pay's waiting for Google's answer", () => {
    const crypto = render(paymentOf('crypto', ready('sandbox')));
    expect(crypto.area).toContain('data-testid="crypto-payment"');
    expect(crypto.button).toBeNull();
    const googlePay = render(paymentOf('google_pay', ready('sandbox')));
    expect(googlePay.button).toContain('disabled');
    expect(render(paymentOf('stripe', ready('sandbox'))).button).toContain('Pay $28.49 with Stripe');
  });

  it("says 'Preparing payment...' while the intent is made, and why there is none with a retry", () => {
    expect(render(paymentOf('stripe', { status: 'pending', intent: null })).button).toContain(
      'Preparing payment...',
    );
    const failed = render(
      paymentOf('stripe', {
        status: 'failed',
        intent: null,
        failure: { kind: 'error', message: 'Payment system not ready' },
      }),
    );
    expect(failed.area).toContain('Payment system not ready');
    expect(failed.area).toContain('Try Again');
  });
});
