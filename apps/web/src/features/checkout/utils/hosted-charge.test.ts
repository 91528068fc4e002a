import { describe, expect, it } from 'vitest';
import { hostedChargeUrl, paymentSecretOf } from './hosted-charge';

describe('the hosted charge page and the payment secret', () => {
  it("puts the secret in our own page's fragment, and reads it back", () => {
    const url = hostedChargeUrl('/crypto/sandbox/SBX0A1B2C3D4E', 'ps_a-b_c+/=');
    expect(url).toBe('/crypto/sandbox/SBX0A1B2C3D4E#secret=ps_a-b_c%2B%2F%3D');
    expect(paymentSecretOf(new URL(url, 'http://127.0.0.1').hash)).toBe('ps_a-b_c+/=');
  });

  it("never gives it to a provider's page", () => {
    expect(hostedChargeUrl('https://commerce.coinbase.com/pay/ABC', 'ps_1')).toBe(
      'https://commerce.coinbase.com/pay/ABC',
    );
    expect(hostedChargeUrl('//evil.example/pay', 'ps_1')).toBe('//evil.example/pay');
  });

  it('reads no secret from a page opened without one', () => {
    expect(paymentSecretOf('')).toBe('');
    expect(paymentSecretOf('#other=1')).toBe('');
  });
});
