import { SAFEKEY_TEST_NUMBERS } from '@jesus-walks/contracts/payments';

export { SAFEKEY_TEST_NUMBERS };

export const SAFEKEY_MESSAGES = {
  missing: 'Please provide both mobile number and card number',
  failed: 'SafeKey payment failed',
  processingFailed: 'SafeKey payment processing failed',
} as const;

/** SPEC.md section 9: after SafeKey accepts, the checkout waits 4 s, the test page 3 s, then reports success. */
export const SAFEKEY_CHECKOUT_WAIT_MS = 4000;
export const SAFEKEY_TEST_PAGE_WAIT_MS = 3000;

/** SafeKey's states in the checkout (SPEC.md section 4). */
export type SafekeyState = 'idle' | 'pending' | 'success' | 'error';

/**
 * A US mobile number as it is typed: +1 (xxx) xxx-xxxx. Digits only are kept; a leading country
 * code 1 is dropped (no US area code starts with 1), at most 10 digits.
 */
export function formatMobileNumber(value: string): string {
  let digits = value.replace(/\D/g, '');
  if (digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits === '') return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (digits.length <= 3) return `+1 (${area}`;
  if (digits.length <= 6) return `+1 (${area}) ${exchange}`;
  return `+1 (${area}) ${exchange}-${line}`;
}

/** A card number as it is typed: digits only, grouped by 4, at most 19 digits. */
export function formatSafekeyCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The message that stops a SafeKey payment before anything is sent, or null when it may go. */
export function safekeyInputError(input: { mobileNumber: string; cardNumber: string }): string | null {
  if (input.mobileNumber.trim() === '' || input.cardNumber.trim() === '') return SAFEKEY_MESSAGES.missing;
  return null;
}

/** 'ORDER-' plus a timestamp (SPEC.md section 9). */
export function merchantReference(now: number = Date.now()): string {
  return `ORDER-${now}`;
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
