import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { notFound } from '@jesus-walks/service-kit/errors';

/**
 * The paying browser's own secret for one payment. The create-payment-intent answer gives it to
 * the browser that started the checkout, and only its SHA-256 is stored: every call that acts on
 * the payment (its contact, a card or token, a sandbox charge) must carry it, so knowing a
 * payment's id (which appears in URLs, e-mails and logs) is not enough to pay it, complete it or
 * change its buyer. The processors' own client secrets cannot serve: Square's and Coinbase's are
 * derived from ids, and Stripe's is never stored here.
 */
export function newPaymentSecret(): { secret: string; hash: string } {
  const secret = `ps_${randomBytes(24).toString('base64url')}`;
  return { secret, hash: hashOf(secret) };
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Whether two secrets are the same, in time that depends on neither: both are hashed to 32 bytes
 * first, so not even their lengths show.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );
}

export const WRONG_PAYMENT_SECRET = 'No payment matches this payment secret';

/**
 * Throws 404 unless `given` is the payment's secret: the same answer as for a payment that does
 * not exist, so a caller learns nothing about payments it did not start. A payment made before
 * secrets existed (no hash) matches nothing.
 */
export function requirePaymentSecret(
  payment: { secretHash: string | null },
  given: string | undefined,
): void {
  if (!holdsPaymentSecret(payment, given)) throw notFound(WRONG_PAYMENT_SECRET);
}

/** Whether `given` is the payment's secret (compared in constant time; no secret matches nothing). */
export function holdsPaymentSecret(
  payment: { secretHash: string | null },
  given: string | undefined,
): boolean {
  if (given === undefined) return false;
  const expected = Buffer.from(payment.secretHash ?? '', 'hex');
  const actual = createHash('sha256').update(given).digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
