import { describe, expect, it } from 'vitest';
import { statusPathOf } from './orders';

describe('statusPathOf', () => {
  it("keeps the path and token of the status page's absolute link, for the app to open itself", () => {
    expect(statusPathOf('https://jesuswalks.example/orders/status?token=abc.def')).toBe(
      '/orders/status?token=abc.def',
    );
    expect(statusPathOf('/orders/status?token=abc')).toBe('/orders/status?token=abc');
  });
});
