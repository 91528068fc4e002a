import { z } from 'zod';

/**
 * Money arrives as a number or a numeric string (Postgres numeric is a string); it is always shown
 * with 2 decimals. Computation happens on the server in cents.
 */
export const MoneySchema = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

/** A price as the client reads it: number or string, a finite amount of at least zero. */
export const PriceSchema = MoneySchema.pipe(z.number().finite().nonnegative());

export function formatMoney(amount: number | string): string {
  return Number(amount).toFixed(2);
}

export function toCents(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
