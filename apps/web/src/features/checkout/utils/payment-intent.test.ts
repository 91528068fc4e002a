import { TEST_SHIPPING_ADDRESS } from '@jesus-walks/contracts/shipping';
import { describe, expect, it } from 'vitest';
import { ApiError, ApiResponseError } from '@/lib/api-client';
import type { CartItem } from '@/lib/cart/cart-reducer';
import { aPaymentIntent } from '@/testing/api-stubs';
import {
  buildCreateOrderBody,
  buildPaymentIntentBody,
  intentFailure,
  intentRequestKey,
  ORDER_CREATION_FAILED,
  paymentFailureMessage,
} from './payment-intent';

const items: CartItem[] = [
  { id: 1, name: 'Trail Cap', price: 22, quantity: 2, category: 'Headwear' },
  { id: 2, name: 'Walking Stick', price: 35.5, quantity: 1, category: 'Gear' },
];
const method = { id: 3, carrier: 'USPS', service: 'Ground', rate: 9.99, estimatedDays: 3 };
const request = { items, address: TEST_SHIPPING_ADDRESS, method, paymentMethod: 'stripe' as const };

describe('buildPaymentIntentBody', () => {
  it('sends the cart lines, the address as the intent reads it and the chosen method', () => {
    expect(buildPaymentIntentBody(request)).toEqual({
      items: [
        { productId: 1, quantity: 2, price: 22 },
        { productId: 2, quantity: 1, price: 35.5 },
      ],
      shippingAddress: {
        fullName: 'Test Customer',
        street: '1234 Main Street',
        city: 'Napa',
        state: 'CA',
        zipCode: '94559',
        country: 'US',
      },
      shippingMethodId: 3,
      paymentMethod: 'stripe',
    });
  });

  it('names the intent it replaces with its secret, and leaves the method to the server without an id', () => {
    const body = buildPaymentIntentBody(
      { ...request, method: { ...method, id: undefined } },
      { paymentId: '6f1c2b8e-4f5a-4c1e-9a51-0c6e7a3b9d21', paymentSecret: 'ps_earlier' },
    );
    expect(body.replacesPaymentId).toBe('6f1c2b8e-4f5a-4c1e-9a51-0c6e7a3b9d21');
    expect(body.replacesPaymentSecret).toBe('ps_earlier');
    expect(body).not.toHaveProperty('shippingMethodId');
  });

  it('needs a new intent when the address, method, payment method or cart changes', () => {
    const key = intentRequestKey(request);
    expect(intentRequestKey({ ...request })).toBe(key);
    expect(intentRequestKey({ ...request, method: { ...method, id: 4 } })).not.toBe(key);
    expect(intentRequestKey({ ...request, paymentMethod: 'square' })).not.toBe(key);
    expect(intentRequestKey({ ...request, address: { ...TEST_SHIPPING_ADDRESS, city: 'Sonoma' } })).not.toBe(
      key,
    );
    expect(intentRequestKey({ ...request, items: items.slice(1) })).not.toBe(key);
  });
});

describe('intentFailure', () => {
  it('lists what changed in the cart for a 409 cart_changed', () => {
    const error = new ApiError(409, 'Conflict', {
      message: 'Your cart changed',
      code: 'cart_changed',
      issues: [
        { path: ['items', 1], message: 'Only 0 left in stock' },
        { path: ['items', 0], message: 'The price is now 24.00' },
      ],
    });
    expect(intentFailure(error, items)).toEqual({
      kind: 'cart_changed',
      changes: [
        { name: 'Walking Stick', message: 'Only 0 left in stock' },
        { name: 'Trail Cap', message: 'The price is now 24.00' },
      ],
    });
  });

  it("reads 'Payment initialization failed: {status} - {body}' otherwise", () => {
    const error = new ApiError(503, 'Service Unavailable', {
      message: 'Catalog unavailable',
      code: 'unavailable',
    });
    expect(intentFailure(error, items)).toEqual({
      kind: 'error',
      message: 'Payment initialization failed: 503 - Catalog unavailable',
    });
    expect(intentFailure(new ApiError(502, 'Bad Gateway', 'upstream down'), items)).toEqual({
      kind: 'error',
      message: 'Payment initialization failed: 502 - upstream down',
    });
  });

  it("reads 'Invalid JSON response from server' for an answer that is not JSON", () => {
    const error = new ApiResponseError('Invalid JSON response from server', {
      method: 'POST',
      path: '/x',
      status: 201,
      payload: '<html>',
    });
    expect(intentFailure(error, items)).toEqual({
      kind: 'error',
      message: 'Invalid JSON response from server',
    });
  });

  it("reads 'Payment system not ready' when the server cannot be reached", () => {
    expect(intentFailure(new TypeError('Failed to fetch'), items)).toEqual({
      kind: 'error',
      message: 'Payment system not ready',
    });
  });
});

describe('payment failures (SPEC.md section 8)', () => {
  it("shows the card's message for a decline, 'Payment failed' otherwise", () => {
    expect(
      paymentFailureMessage(
        new ApiError(402, 'Payment Required', { message: 'Your card was declined.', code: 'x' }),
      ),
    ).toBe('Your card was declined.');
    expect(paymentFailureMessage(new ApiError(409, 'Conflict', { message: 'Expired', code: 'x' }))).toBe(
      'Payment failed',
    );
    expect(paymentFailureMessage(new TypeError('Failed to fetch'))).toBe('Payment failed');
    expect(ORDER_CREATION_FAILED).toBe('Order creation failed. Please contact support.');
  });
});

describe('buildCreateOrderBody', () => {
  it('carries the payment id, the server total and the contact', () => {
    const intent = aPaymentIntent();
    expect(
      buildCreateOrderBody({
        items,
        address: TEST_SHIPPING_ADDRESS,
        intent,
        contact: { fullName: 'Ann Lee', email: 'ann@example.com', phone: '', paymentMethod: 'stripe' },
      }),
    ).toEqual({
      items: [
        { productId: 1, quantity: 2, price: 22 },
        { productId: 2, quantity: 1, price: 35.5 },
      ],
      total: '53.99',
      shippingAddress: TEST_SHIPPING_ADDRESS,
      paymentMethod: 'stripe',
      paymentId: intent.paymentId,
      customerEmail: 'ann@example.com',
    });
  });
});
