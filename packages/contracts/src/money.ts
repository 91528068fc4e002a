import { z } from 'zod';

/**
 * Money arrives as a number or a numeric string (Postgres numeric is a string); it is always shown
 * with 2 decimals. Computation happens on the server in integer cents.
 */
export const MoneySchema = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

/** A price as the client reads it: number or string, a finite amount of at least zero. */
export const PriceSchema = MoneySchema.pipe(z.number().finite().nonnegative());

/** The largest amount numeric(12, 2) holds, in cents. */
export const MAX_CENTS = 999_999_999_999;

export function formatMoney(amount: number | string): string {
  return Number(amount).toFixed(2);
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * Integer cents of an amount. Decimal strings (what Postgres numeric gives) are read digit by
 * digit, so no float is involved; numbers are rounded to the nearest cent.
 */
export function toCents(amount: number | string): number {
  if (typeof amount === 'string') {
    const match = DECIMAL.exec(amount.trim());
    if (match) {
      const [, sign, whole = '0', fraction = ''] = match;
      const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
      // A third decimal rounds half up, like numeric(12, 2) does.
      const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
      const value = cents + roundUp;
      return sign && value !== 0 ? -value : value;
    }
  }
  return Math.round(Number(amount) * 100);
}

/** A whole number of cents as a decimal string with 2 decimals ("1999" -> "19.99"), exactly. */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** True when an amount has at most 2 decimals (19.99 yes, 19.999 no). */
export function hasWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}
