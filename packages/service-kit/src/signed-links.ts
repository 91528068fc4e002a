import { createHmac } from 'node:crypto';
import { tokensEqual } from './identity';

/**
 * What a link token may be used for; each purpose has its own MAC, so tokens never cross over
 * (an unsubscribe link cannot be replayed as an order's status link, nor the other way round).
 */
export type LinkPurpose =
  | 'newsletter-confirm'
  | 'newsletter-unsubscribe'
  | 'registration-cancel'
  | 'order-status';

/**
 * Kept as it was when only content-and-events signed links, so that links already sent stay valid.
 * Services tell their links apart by purpose, not by key.
 */
const DERIVATION_LABEL = 'jesus-walks/content-and-events/link-signing/v1';

/**
 * The key that signs e-mail links: LINK_SIGNING_KEY when set, else derived from INTERNAL_TOKEN
 * (an HMAC with a fixed label, so the internal token itself never appears in a link's MAC input).
 */
export function linkSigningKey(env: {
  LINK_SIGNING_KEY?: string | undefined;
  INTERNAL_TOKEN: string;
}): string {
  return (
    env.LINK_SIGNING_KEY ?? createHmac('sha256', env.INTERNAL_TOKEN).update(DERIVATION_LABEL).digest('hex')
  );
}

export interface LinkSigner {
  /** `{id}.{issuedAtSeconds}.{mac}`: short, URL-safe, binds the purpose and the record's id. */
  sign(purpose: LinkPurpose, id: number, now?: Date): string;
  /** The id in a valid token for this purpose (null when forged, malformed or older than maxAgeMs). */
  verify(purpose: LinkPurpose, token: string, options?: { maxAgeMs?: number; now?: Date }): number | null;
}

export function createLinkSigner(key: string): LinkSigner {
  const mac = (purpose: LinkPurpose, id: number, issuedAt: number) =>
    createHmac('sha256', key).update(`${purpose}.${id}.${issuedAt}`).digest('base64url');

  return {
    sign(purpose, id, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return `${id}.${issuedAt}.${mac(purpose, id, issuedAt)}`;
    },
    verify(purpose, token, options = {}) {
      const match = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
      if (!match) return null;
      const id = Number(match[1]);
      const issuedAt = Number(match[2]);
      if (!tokensEqual(match[3], mac(purpose, id, issuedAt))) return null;
      if (options.maxAgeMs !== undefined) {
        const age = (options.now ?? new Date()).getTime() - issuedAt * 1000;
        if (age > options.maxAgeMs) return null;
      }
      return id;
    },
  };
}
