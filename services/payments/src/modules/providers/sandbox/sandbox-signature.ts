import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../provider';

/** Stripe's default tolerance: an event signed longer ago (or further ahead) than this is refused. */
export const SANDBOX_WEBHOOK_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * The sandbox's `Stripe-Signature`-style header over an event's exact body:
 * `t={unix seconds},v1={hex HMAC-SHA256(secret, t + '.' + body)}`.
 */
export function signSandboxPayload(
  body: string,
  secret: string,
  timestampSeconds: number = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestampSeconds},v1=${hmac(secret, timestampSeconds, body)}`;
}

/**
 * Checks a signature header against the raw body: one of its v1 signatures must match, and its
 * timestamp must be within the tolerance of now (a replayed old delivery is refused).
 */
export function verifySandboxSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookSignatureError('The signature header is missing');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookSignatureError('The signature header is malformed');
  }
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('The signature does not match the payload');
  if (Math.abs(nowSeconds - timestamp) > SANDBOX_WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('The signature is too old (outside the 300 s tolerance)');
  }
}
