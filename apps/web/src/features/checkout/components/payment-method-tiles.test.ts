import { describe, expect, it } from 'vitest';
import { WALLET_MESSAGES } from '../utils/wallets';
import { GOOGLE_PAY_CHECKING, type MethodTile, methodTiles, withDeviceSupport } from './payment-method-tiles';

const offered = methodTiles(
  (['stripe', 'square', 'safekey', 'apple_pay', 'google_pay', 'crypto'] as const).map((method) => ({
    method,
    label: method,
    available: true,
    testMode: true,
    reason: null,
  })),
);

const tileOf = (tiles: MethodTile[], method: MethodTile['method']) =>
  tiles.find((tile) => tile.method === method);

describe('the wallet tiles', () => {
  it('say on the tile, before anyone chooses them, that a wallet cannot pay here: Apple Pay and Google Pay alike', () => {
    const tiles = withDeviceSupport(offered, { canMakeApplePayments: false, googlePay: 'unavailable' });
    expect(tileOf(tiles, 'apple_pay')).toMatchObject({
      available: false,
      reason: WALLET_MESSAGES.applePayUnavailable,
    });
    expect(tileOf(tiles, 'google_pay')).toMatchObject({
      available: false,
      reason: WALLET_MESSAGES.googlePayUnavailable,
    });
    expect(tileOf(tiles, 'stripe')).toMatchObject({ available: true, reason: null });
  });

  it("keep Google Pay's tile closed while its script is asked, and open it once Google says yes", () => {
    for (const status of ['idle', 'loading'] as const) {
      expect(
        tileOf(withDeviceSupport(offered, { canMakeApplePayments: true, googlePay: status }), 'google_pay'),
      ).toMatchObject({ available: false, reason: GOOGLE_PAY_CHECKING });
    }
    const ready = withDeviceSupport(offered, { canMakeApplePayments: true, googlePay: 'ready' });
    expect(tileOf(ready, 'google_pay')).toMatchObject({ available: true, testMode: true, reason: null });
    expect(tileOf(ready, 'apple_pay')).toMatchObject({ available: true, reason: null });
  });

  it("leave a method the server does not offer with the server's reason", () => {
    const notConfigured = offered.map((tile) =>
      tile.method === 'google_pay' ? { ...tile, available: false, reason: 'Not available yet' } : tile,
    );
    expect(
      tileOf(
        withDeviceSupport(notConfigured, { canMakeApplePayments: true, googlePay: 'unavailable' }),
        'google_pay',
      ),
    ).toMatchObject({ available: false, reason: 'Not available yet' });
  });
});
