import { type CheckoutMethod, paymentMethodLabels } from '@jesus-walks/contracts/checkout';
import { type PaymentMethod, paymentMethods } from '@jesus-walks/contracts/payable';
import {
  BitcoinIcon,
  CreditCardIcon,
  type LucideIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  SquareIcon,
  WalletIcon,
} from 'lucide-react';
import { cn } from '@/lib/cn';
import { type GooglePayStatus, WALLET_MESSAGES } from '../utils/wallets';

const icons: Record<PaymentMethod, LucideIcon> = {
  stripe: CreditCardIcon,
  square: SquareIcon,
  safekey: ShieldCheckIcon,
  apple_pay: SmartphoneIcon,
  google_pay: WalletIcon,
  crypto: BitcoinIcon,
};

export interface MethodTile {
  method: PaymentMethod;
  label: string;
  available: boolean;
  testMode: boolean;
  reason: string | null;
}

/** The six tiles in their order, from the server's configuration; a method it does not list is unavailable. */
export function methodTiles(configured: readonly CheckoutMethod[]): MethodTile[] {
  return paymentMethods.map((method) => {
    const entry = configured.find((candidate) => candidate.method === method);
    return entry
      ? {
          method,
          label: paymentMethodLabels[method],
          available: entry.available,
          testMode: entry.testMode,
          reason: entry.available ? null : (entry.reason ?? 'Not available yet'),
        }
      : {
          method,
          label: paymentMethodLabels[method],
          available: false,
          testMode: false,
          reason: 'Not available yet',
        };
  });
}

/** Stripe when it can be used, else the first method that can; null when none can. */
export function defaultPaymentMethod(tiles: readonly MethodTile[]): PaymentMethod | null {
  const stripe = tiles.find((tile) => tile.method === 'stripe' && tile.available);
  return stripe ? 'stripe' : (tiles.find((tile) => tile.available)?.method ?? null);
}

/** The tile's words while Google's script is asked whether this browser can pay. */
export const GOOGLE_PAY_CHECKING = 'Checking Google Pay...';

/**
 * The wallets are offered only where they can pay; elsewhere their tiles say so before anyone
 * chooses them (never a tile that says it only once chosen, never a dead button): Apple Pay where
 * the device can make payments, Google Pay once Google's script says this browser can pay.
 */
export function withDeviceSupport(
  tiles: readonly MethodTile[],
  device: { canMakeApplePayments: boolean; googlePay: GooglePayStatus },
): MethodTile[] {
  return tiles.map((tile) => {
    if (!tile.available) return tile;
    if (tile.method === 'apple_pay' && !device.canMakeApplePayments) {
      return { ...tile, available: false, testMode: false, reason: WALLET_MESSAGES.applePayUnavailable };
    }
    if (tile.method === 'google_pay' && device.googlePay !== 'ready') {
      const reason =
        device.googlePay === 'unavailable' ? WALLET_MESSAGES.googlePayUnavailable : GOOGLE_PAY_CHECKING;
      return { ...tile, available: false, testMode: false, reason };
    }
    return tile;
  });
}

interface PaymentMethodTilesProps {
  tiles: MethodTile[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  disabled?: boolean;
}

/**
 * Stripe, Square, SafeKey, Apple Pay, Google Pay, Crypto as radio tiles. An unavailable method is
 * a disabled tile that says why: never a button that does nothing.
 */
export function PaymentMethodTiles({ tiles, value, onChange, disabled = false }: PaymentMethodTilesProps) {
  return (
    <fieldset>
      <legend className="mb-3 text-base font-semibold">Payment method</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {tiles.map((tile) => {
          const Icon = icons[tile.method];
          const checked = value === tile.method;
          const reasonId = `payment-method-${tile.method}-reason`;
          return (
            <label
              key={tile.method}
              className={cn(
                'relative flex min-h-24 flex-col items-start gap-1.5 rounded-lg border border-border bg-card p-3 text-left transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                tile.available && !disabled ? 'cursor-pointer hover:bg-muted' : 'cursor-not-allowed',
                !tile.available && 'bg-muted/60 text-muted-foreground',
                checked && 'border-primary bg-secondary/60 ring-1 ring-primary',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={tile.method}
                checked={checked}
                disabled={!tile.available || disabled}
                aria-describedby={tile.reason ? reasonId : undefined}
                onChange={() => onChange(tile.method)}
                className="sr-only"
              />
              <span className="flex w-full items-center justify-between gap-2">
                <Icon aria-hidden="true" className={cn('size-5', tile.available && 'text-primary')} />
                {tile.available && tile.testMode ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[0.65rem] font-semibold text-amber-900">
                    Test mode
                  </span>
                ) : null}
              </span>
              <span className="font-semibold">{tile.label}</span>
              {tile.reason ? (
                <span id={reasonId} className="text-xs leading-snug">
                  {tile.reason}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
