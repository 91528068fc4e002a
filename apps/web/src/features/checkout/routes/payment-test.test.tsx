import type { CheckoutConfig, CheckoutMethod } from '@jesus-walks/contracts/checkout';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { checkoutConfigQueryKey } from '@/lib/checkout/get-checkout-config';
import { SiteOriginProvider } from '@/lib/site-origin';
import { PaymentTestRoute } from './payment-test';

const methods = ['stripe', 'square', 'safekey', 'apple_pay', 'google_pay', 'crypto'] as const;

function configWith(testMode: boolean): CheckoutConfig {
  return {
    currency: 'USD',
    testMode,
    methods: methods.map(
      (method): CheckoutMethod => ({ method, label: method, available: true, testMode, reason: null }),
    ),
    stripe: { processor: testMode ? 'sandbox' : 'stripe', publishableKey: testMode ? null : 'pk_test_1' },
  };
}

/** The page as it renders with the given configuration, one card's HTML per method. */
function render(config: CheckoutConfig): Record<string, string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(checkoutConfigQueryKey, config);
  const html = renderToStaticMarkup(
    <SiteOriginProvider origin="https://jesuswalks.example">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/payment-test']}>
          <PaymentTestRoute />
        </MemoryRouter>
      </QueryClientProvider>
    </SiteOriginProvider>,
  );
  const cards: Record<string, string> = {};
  for (const part of html.split('data-testid="payment-test-').slice(1)) {
    const [method = '', ...rest] = part.split('"');
    cards[method] = rest.join('"');
  }
  return cards;
}

describe('/payment-test', () => {
  it("in test mode, gives Stripe and Square the sandbox's cards and a $10 test payment each, not Square's own", () => {
    const cards = render(configWith(true));
    for (const method of ['stripe', 'square']) {
      const card = cards[method] ?? '';
      expect(card, method).toContain('4242 4242 4242 4242');
      expect(card, method).toContain('4000 0000 0000 0002');
      expect(card, method).toContain('4000 0000 0000 9995');
      expect(card, method).toContain('Pay $10 with the test card 4242 4242 4242 4242');
      expect(card, method).toContain('Pay $10 with the declined test card 4000 0000 0000 0002');
      expect(card, method).not.toContain('4111');
      expect(card, method).not.toContain('cnon:');
    }
    expect(cards.safekey).toContain('Initiate a $10 SafeKey payment');
  });

  it("with the providers' keys, gives each its own instructions and no test payment", () => {
    const cards = render(configWith(false));
    expect(cards.square).toContain('4111 1111 1111 1111');
    expect(cards.square).toContain('cnon:card-nonce-ok');
    expect(cards.stripe).toContain('Stripe test keys');
    for (const method of ['stripe', 'square', 'safekey', 'apple_pay', 'google_pay']) {
      const card = cards[method] ?? '';
      expect(card, method).not.toContain('Pay $10');
      expect(card, method).not.toContain('Initiate');
      expect(card, method).not.toContain('(sandbox token)');
      expect(card, method).toContain('Live test payments run in test mode only.');
    }
  });
});
