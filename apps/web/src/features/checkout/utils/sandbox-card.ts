import { z } from 'zod';

/** The sandbox processor's documented test cards (packages/contracts/src/checkout.ts). */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient funds' },
] as const;

/** Digits grouped by 4 (at most 19 digits), as a card number is typed. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM / YY as the expiry is typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The month and year of a typed expiry; null when it is not MM / YY with a month 1 to 12. */
function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export function isExpired(value: string, now: Date = new Date()): boolean {
  const expiry = parseExpiry(value);
  if (!expiry) return false;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  return expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth);
}

/** The sandbox card form, in place of Stripe's Payment Element. */
export const SandboxCardSchema = z.object({
  cardNumber: z
    .string()
    .trim()
    .refine((value) => /^\d{12,19}$/.test(value.replace(/\s/g, '')), 'Enter a complete card number'),
  expiry: z
    .string()
    .trim()
    .refine((value) => parseExpiry(value) !== null, 'Enter the expiration date as MM / YY')
    .refine((value) => !isExpired(value), 'This card has expired'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Security code must be 3 or 4 digits'),
});
export type SandboxCard = z.infer<typeof SandboxCardSchema>;

export const emptySandboxCard: SandboxCard = { cardNumber: '', expiry: '', cvc: '' };
