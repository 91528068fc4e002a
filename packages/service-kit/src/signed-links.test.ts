import { describe, expect, it } from 'vitest';
import { createLinkSigner, linkSigningKeys } from './signed-links';

const signer = createLinkSigner('k'.repeat(40));

describe('signed links', () => {
  it('round-trips an id for its purpose only', () => {
    const token = signer.sign('newsletter-unsubscribe', 42);
    expect(token).toMatch(/^42\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify('newsletter-unsubscribe', token)).toBe(42);
    expect(signer.verify('newsletter-confirm', token)).toBeNull();
    expect(signer.verify('registration-cancel', token)).toBeNull();
    expect(signer.verify('order-status', token)).toBeNull();
    const order = signer.sign('order-status', 42);
    expect(signer.verify('order-status', order)).toBe(42);
    expect(signer.verify('newsletter-unsubscribe', order)).toBeNull();
  });

  it('refuses a changed id, a foreign key and garbage', () => {
    const token = signer.sign('newsletter-confirm', 7);
    expect(signer.verify('newsletter-confirm', token.replace(/^7\./, '8.'))).toBeNull();
    expect(createLinkSigner('x'.repeat(40)).verify('newsletter-confirm', token)).toBeNull();
    for (const bad of ['', 'abc', '7.1.short', `0.1.${'a'.repeat(43)}`, `${token}x`]) {
      expect(signer.verify('newsletter-confirm', bad), bad).toBeNull();
    }
  });

  it('accepts the canonical text only: no leading zero in the time, no surrounding space', () => {
    const token = signer.sign('order-status', 12, new Date('2030-01-01T00:00:00Z'));
    expect(signer.verify('order-status', token)).toBe(12);
    const [id, issuedAt, mac] = token.split('.');
    for (const variant of [
      `${id}.0${issuedAt}.${mac}`,
      `${id}.00${issuedAt}.${mac}`,
      ` ${token}`,
      `${token}\n`,
    ]) {
      expect(signer.verify('order-status', variant), JSON.stringify(variant)).toBeNull();
    }
  });

  it('expires when a maximum age is asked for', () => {
    const issued = new Date('2030-01-01T00:00:00Z');
    const token = signer.sign('newsletter-confirm', 3, issued);
    const day = 24 * 60 * 60 * 1000;
    expect(
      signer.verify('newsletter-confirm', token, {
        maxAgeMs: 7 * day,
        now: new Date(issued.getTime() + day),
      }),
    ).toBe(3);
    expect(
      signer.verify('newsletter-confirm', token, {
        maxAgeMs: 7 * day,
        now: new Date(issued.getTime() + 8 * day),
      }),
    ).toBeNull();
  });

  it('uses LINK_SIGNING_KEY when set, else a key derived from INTERNAL_TOKEN', () => {
    const internal = 'i'.repeat(40);
    expect(linkSigningKeys({ LINK_SIGNING_KEY: 's'.repeat(32), INTERNAL_TOKEN: internal })).toEqual([
      's'.repeat(32),
    ]);
    const [derived] = linkSigningKeys({ INTERNAL_TOKEN: internal });
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toContain(internal);
    expect(linkSigningKeys({ INTERNAL_TOKEN: internal })).toEqual([derived]);
    // Pinned: links e-mailed before the signer moved to the kit must keep verifying.
    expect(derived).toBe('bed82c83f76345157e7c3cc8e66bd4fc5d00e0b8b8ef21fe927e1293fde179e9');
  });

  it('keeps links signed with the previous key valid while a key is rotated, and signs with the new one', () => {
    const oldKey = 'o'.repeat(32);
    const newKey = 'n'.repeat(32);
    const sentBefore = createLinkSigner(oldKey).sign('order-status', 42);
    const rotating = createLinkSigner(
      linkSigningKeys({
        LINK_SIGNING_KEY: newKey,
        LINK_SIGNING_KEY_PREVIOUS: oldKey,
        INTERNAL_TOKEN: 'i'.repeat(40),
      }),
    );
    expect(rotating.verify('order-status', sentBefore)).toBe(42);
    const sentDuring = rotating.sign('order-status', 43);
    expect(createLinkSigner(newKey).verify('order-status', sentDuring)).toBe(43);
    expect(createLinkSigner(oldKey).verify('order-status', sentDuring)).toBeNull();
    // Once the previous key is dropped, its links no longer verify.
    expect(createLinkSigner(newKey).verify('order-status', sentBefore)).toBeNull();
    // A purpose still binds under either key.
    expect(rotating.verify('newsletter-unsubscribe', sentBefore)).toBeNull();
  });

  it('derives the previous key from INTERNAL_TOKEN_PREVIOUS when no LINK_SIGNING_KEY is set', () => {
    const oldToken = 'a'.repeat(40);
    const newToken = 'b'.repeat(40);
    const sentBefore = createLinkSigner(linkSigningKeys({ INTERNAL_TOKEN: oldToken })).sign(
      'registration-cancel',
      7,
    );
    const rotating = createLinkSigner(
      linkSigningKeys({ INTERNAL_TOKEN: newToken, INTERNAL_TOKEN_PREVIOUS: oldToken }),
    );
    expect(rotating.verify('registration-cancel', sentBefore)).toBe(7);
  });
});
