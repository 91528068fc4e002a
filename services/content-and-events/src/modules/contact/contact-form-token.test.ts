import { describe, expect, it } from 'vitest';
import {
  CONTACT_FORM_MAX_AGE_SECONDS,
  CONTACT_FORM_MIN_SECONDS,
  contactFormKeys,
  signContactFormToken,
  verifyContactFormToken,
} from './contact-form-token';

const keys = contactFormKeys(['a-link-signing-key-0123456789abcdef0123456789']);
const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000);

describe('contact form tokens', () => {
  it('passes a form sent after a person could have written it, within a day', () => {
    const token = signContactFormToken(keys, at(0));
    expect(verifyContactFormToken(keys, token, at(CONTACT_FORM_MIN_SECONDS))).toBe('ok');
    expect(verifyContactFormToken(keys, token, at(CONTACT_FORM_MAX_AGE_SECONDS))).toBe('ok');
  });

  it('tells a form sent too soon, and one open too long', () => {
    const token = signContactFormToken(keys, at(0));
    expect(verifyContactFormToken(keys, token, at(0))).toBe('too-soon');
    expect(verifyContactFormToken(keys, token, at(CONTACT_FORM_MIN_SECONDS - 1))).toBe('too-soon');
    expect(verifyContactFormToken(keys, token, at(CONTACT_FORM_MAX_AGE_SECONDS + 1))).toBe('expired');
  });

  it('refuses a token it did not sign, or none', () => {
    const token = signContactFormToken(keys, at(0));
    const [issuedAt] = token.split('.');
    expect(verifyContactFormToken(keys, undefined, at(10))).toBe('invalid');
    expect(verifyContactFormToken(keys, '', at(10))).toBe('invalid');
    expect(verifyContactFormToken(keys, `${Number(issuedAt) - 60}.${token.split('.')[1]}`, at(10))).toBe(
      'invalid',
    );
    expect(verifyContactFormToken(contactFormKeys(['another-key']), token, at(10))).toBe('invalid');
    // Signed far in the future: not a time this server gave.
    expect(verifyContactFormToken(keys, signContactFormToken(keys, at(600)), at(0))).toBe('invalid');
  });

  it('accepts a token signed with a previous key while keys rotate', () => {
    const previous = contactFormKeys(['the-previous-key-0123456789abcdef0123456789']);
    const token = signContactFormToken(previous, at(0));
    expect(verifyContactFormToken([...keys, ...previous], token, at(10))).toBe('ok');
  });
});
