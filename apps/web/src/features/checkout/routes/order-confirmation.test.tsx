import { COMPLETED_ORDER_STORAGE_KEY } from '@jesus-walks/contracts/checkout';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CartProvider } from '@/lib/cart/cart-context';
import { OrderConfirmationRoute } from './order-confirmation';

const record = {
  orderId: 42,
  items: [{ id: 1, name: 'Trail Cap', price: '22.00', quantity: 2 }],
  total: 53.99,
};

function renderWithSession(stored: unknown) {
  const data = new Map<string, string>();
  if (stored !== undefined) data.set(COMPLETED_ORDER_STORAGE_KEY, JSON.stringify(stored));
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => data.set(key, value),
      removeItem: (key: string) => data.delete(key),
    },
  });
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/order-confirmation']}>
      <CartProvider storage={null}>
        <OrderConfirmationRoute />
      </CartProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/order-confirmation', () => {
  it('confirms the order of the record: number, items, total and the links on', () => {
    const html = renderWithSession(record);
    expect(html).toContain('Order Confirmed!');
    expect(html).toContain('Thank you for your purchase. Your payment has been processed successfully.');
    expect(html).toContain('Order number <span class="font-semibold tabular-nums">#42</span>');
    expect(html).toContain('Trail Cap');
    expect(html).toContain('$53.99');
    // The total includes shipping: both are named above it, as in the e-mail and on the status page.
    expect(html).toMatch(/Subtotal<\/dt><dd[^>]*>\$44\.00</);
    expect(html).toMatch(/Shipping<\/dt><dd[^>]*>\$9\.99</);
    expect(html).toMatch(/Total<\/dt><dd[^>]*>\$53\.99</);
    expect(html).toContain('href="/shop"');
    expect(html).toContain('href="/"');
  });

  it('claims no payment without a record, and links to the shop', () => {
    for (const stored of [undefined, { orderId: 1 }]) {
      const html = renderWithSession(stored);
      expect(html).not.toContain('Order Confirmed!');
      expect(html).not.toContain('Your payment has been processed');
      expect(html).toContain('No recent order');
      expect(html).toContain('href="/shop"');
    }
  });
});
