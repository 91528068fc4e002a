import { createHmac } from 'node:crypto';
import { secret } from './env';
import { tokensEqual } from './identity';

/**
 * What a link token may be used for; each purpose has its own MAC, so tokens never cross over
 * (an unsubscribe link cannot be replayed as an order's status link, nor the other way round).
 */
export type LinkPurpose =
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'
  | 'registration-cancel'
  | 'order-status'
  | 'email-confirm'
  /** A walk's ticket (decision 040): names a registration only; the QR code carries it. */
  | 'walk-ticket'
  /** Bound to the address it was sent to: the link stops working once the account's e-mail changes. */
  | `order-claim:${string}`;

/**
 * Kept as it was when only content-and-events signed links, so that links already sent stay valid.
 * Services tell their links apart by purpose, not by key.
 */
const DERIVATION_LABEL = 'jesus-walks/content-and-events/link-signing/v1';

/** The variables of a service that signs e-mail links (its env schema spreads them in). */
export const linkSigningEnvShape = {
  LINK_SIGNING_KEY: secret('LINK_SIGNING_KEY').optional(),
  /** While LINK_SIGNING_KEY is rotated: links signed with this one stay valid. */
  LINK_SIGNING_KEY_PREVIOUS: secret('LINK_SIGNING_KEY_PREVIOUS').optional(),
};

const derivedFrom = (internalToken: string) =>
  createHmac('sha256', internalToken).update(DERIVATION_LABEL).digest('hex');

/**
 * The keys of e-mail links, the signing one first: LINK_SIGNING_KEY (and _PREVIOUS while it is
 * rotated) when set, else keys derived from INTERNAL_TOKEN (and _PREVIOUS): an HMAC with a fixed
 * label, so the internal token itself never appears in a link's MAC input. Production sets
 * LINK_SIGNING_KEY, so that links outlive a rotation of the internal token.
 */
export function linkSigningKeys(env: {
  LINK_SIGNING_KEY?: string | undefined;
  LINK_SIGNING_KEY_PREVIOUS?: string | undefined;
  INTERNAL_TOKEN: string;
  INTERNAL_TOKEN_PREVIOUS?: string | undefined;
}): readonly string[] {
  if (env.LINK_SIGNING_KEY) {
    return env.LINK_SIGNING_KEY_PREVIOUS
      ? [env.LINK_SIGNING_KEY, env.LINK_SIGNING_KEY_PREVIOUS]
      : [env.LINK_SIGNING_KEY];
  }
  return env.INTERNAL_TOKEN_PREVIOUS
    ? [derivedFrom(env.INTERNAL_TOKEN), derivedFrom(env.INTERNAL_TOKEN_PREVIOUS)]
    : [derivedFrom(env.INTERNAL_TOKEN)];
}

export interface LinkSigner {
  /** `{id}.{issuedAtSeconds}.{mac}`: short, URL-safe, binds the purpose and the record's id. */
  sign(purpose: LinkPurpose, id: number, now?: Date): string;
  /** The id in a valid token for this purpose (null when forged, malformed or older than maxAgeMs). */
  verify(purpose: LinkPurpose, token: string, options?: { maxAgeMs?: number; now?: Date }): number | null;
}

/** Signs with the first key; a token signed with any of them verifies. */
export function createLinkSigner(keys: string | readonly string[]): LinkSigner {
  const all = typeof keys === 'string' ? [keys] : keys;
  const [signingKey = ''] = all;
  const mac = (key: string, purpose: LinkPurpose, id: number, issuedAt: number) =>
    createHmac('sha256', key).update(`${purpose}.${id}.${issuedAt}`).digest('base64url');

  return {
    sign(purpose, id, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return `${id}.${issuedAt}.${mac(signingKey, purpose, id, issuedAt)}`;
    },
    verify(purpose, token, options = {}) {
      // The canonical text only (no leading zero, no surrounding space): one token, one spelling,
      // so a used or recorded token cannot come back under another.
      const match = /^([1-9]\d{0,15})\.(0|[1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const id = Number(match[1]);
      const issuedAt = Number(match[2]);
      if (!all.some((key) => tokensEqual(match[3], mac(key, purpose, id, issuedAt)))) return null;
      if (options.maxAgeMs !== undefined) {
        const age = (options.now ?? new Date()).getTime() - issuedAt * 1000;
        if (age > options.maxAgeMs) return null;
      }
      return id;
    },
  };
}
