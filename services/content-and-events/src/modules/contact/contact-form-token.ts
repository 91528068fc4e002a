import { createHmac } from 'node:crypto';
import { tokensEqual } from '@jesus-walks/service-kit/identity';

/**
 * The contact form's time check, a guard against bots with no third party: the page asks for a
 * token when it shows the form (the signed time, nothing else) and sends it back with the message.
 * A person takes more than a few seconds to write one; a script that posts at once, or without a
 * token the server signed, is answered like anyone and nothing is kept or sent.
 */

/** A message sent sooner than this after the form was shown is not a person's. */
export const CONTACT_FORM_MIN_SECONDS = 3;
/** A form open longer than this asks to be sent again (a day: a page left open overnight is fine). */
export const CONTACT_FORM_MAX_AGE_SECONDS = 24 * 60 * 60;
/** A token signed a little in the future (clocks of two replicas) still counts. */
const CLOCK_SKEW_SECONDS = 5;

/**
 * Keys of the tokens, derived from the link-signing keys with a label of their own: a form token
 * can never pass for an e-mail link's token, nor the other way round.
 */
export function contactFormKeys(linkKeys: readonly string[]): string[] {
  return linkKeys.map((key) =>
    createHmac('sha256', key).update('jesus-walks/content-and-events/contact-form/v1').digest('hex'),
  );
}

const macOf = (key: string, issuedAt: number) =>
  createHmac('sha256', key).update(`contact-form.${issuedAt}`).digest('base64url');

/** `{issuedAtSeconds}.{mac}`, signed with the first key. */
export function signContactFormToken(keys: readonly string[], now = new Date()): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${issuedAt}.${macOf(keys[0] ?? '', issuedAt)}`;
}

/**
 * - `ok`: signed by the server, old enough and not too old;
 * - `too-soon`: signed, but sent sooner than a person could write;
 * - `expired`: signed, but the form has been open longer than a day (the page asks again);
 * - `invalid`: absent, malformed or not signed by this site.
 */
export type ContactFormVerdict = 'ok' | 'too-soon' | 'expired' | 'invalid';

export function verifyContactFormToken(
  keys: readonly string[],
  token: string | undefined,
  now = new Date(),
): ContactFormVerdict {
  const match = token === undefined ? null : /^(0|[1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const issuedAt = Number(match[1]);
  if (!keys.some((key) => tokensEqual(match[2], macOf(key, issuedAt)))) return 'invalid';
  const age = now.getTime() / 1000 - issuedAt;
  if (age < -CLOCK_SKEW_SECONDS) return 'invalid';
  if (age < CONTACT_FORM_MIN_SECONDS) return 'too-soon';
  if (age > CONTACT_FORM_MAX_AGE_SECONDS) return 'expired';
  return 'ok';
}
