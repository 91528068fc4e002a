import { describe, expect, it } from 'vitest';
import { LOGIN_REDIRECT_DELAY_MS, postLoginPath, RESET_REDIRECT_DELAY_MS } from './post-login-path';

describe('postLoginPath', () => {
  it('sends an admin to /admin and anyone else to /', () => {
    expect(postLoginPath({ isAdmin: true })).toBe('/admin');
    expect(postLoginPath({ isAdmin: false })).toBe('/');
  });

  it('waits 1 s after login and 2 s after a reset (SPEC.md section 9)', () => {
    expect(LOGIN_REDIRECT_DELAY_MS).toBe(1000);
    expect(RESET_REDIRECT_DELAY_MS).toBe(2000);
  });
});
