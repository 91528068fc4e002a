import { describe, expect, it } from 'vitest';
import {
  hasRecoveryParams,
  parseRecoveryParams,
  RECOVERY_MESSAGE_MAX_LENGTH,
  recoveryLoginPath,
} from './recovery-params';

describe('parseRecoveryParams', () => {
  it('reads a success notice', () => {
    expect(parseRecoveryParams('?recovery=success&message=All+done')).toEqual({
      kind: 'success',
      message: 'All done',
    });
  });

  it('reads an error notice, percent-encoded', () => {
    expect(parseRecoveryParams('recovery=error&message=Link%20expired.')).toEqual({
      kind: 'error',
      message: 'Link expired.',
    });
  });

  it('accepts URLSearchParams', () => {
    const params = new URLSearchParams({ recovery: 'success', message: 'Hello' });
    expect(parseRecoveryParams(params)).toEqual({ kind: 'success', message: 'Hello' });
  });

  it('ignores an unknown recovery value or a missing one', () => {
    expect(parseRecoveryParams('?recovery=maybe&message=Hi')).toBeNull();
    expect(parseRecoveryParams('?message=Hi')).toBeNull();
    expect(parseRecoveryParams('')).toBeNull();
  });

  it('ignores a missing or blank message', () => {
    expect(parseRecoveryParams('?recovery=success')).toBeNull();
    expect(parseRecoveryParams('?recovery=error&message=%20%20')).toBeNull();
  });

  it('trims the message and caps its length', () => {
    expect(parseRecoveryParams('?recovery=success&message=%20Hi%20')?.message).toBe('Hi');
    const long = 'x'.repeat(RECOVERY_MESSAGE_MAX_LENGTH + 50);
    expect(parseRecoveryParams(`?recovery=error&message=${long}`)?.message).toHaveLength(
      RECOVERY_MESSAGE_MAX_LENGTH,
    );
  });
});

describe('hasRecoveryParams', () => {
  it('is true when either parameter is present, even if unusable', () => {
    expect(hasRecoveryParams('?recovery=success&message=Hi')).toBe(true);
    expect(hasRecoveryParams('?recovery=nonsense')).toBe(true);
    expect(hasRecoveryParams('?message=Hi')).toBe(true);
  });

  it('is false otherwise', () => {
    expect(hasRecoveryParams('')).toBe(false);
    expect(hasRecoveryParams('?other=1')).toBe(false);
  });
});

describe('recoveryLoginPath', () => {
  it('builds a login address that parses back to the same notice', () => {
    const message = 'Your password has been reset. Please log in with your new password.';
    const path = recoveryLoginPath('success', message);
    expect(path.startsWith('/login?')).toBe(true);
    expect(parseRecoveryParams(path.slice('/login'.length))).toEqual({ kind: 'success', message });
  });
});
