import { authRoutes, ForgotPasswordBodySchema } from '@jesus-walks/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgotPassword, forgotPasswordInputSchema, resetPasswordPath } from './forgot-password';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgotPasswordInputSchema', () => {
  it("says 'Please enter a valid email address' for an empty or malformed address", () => {
    for (const email of ['', '   ', 'ruth', 'ruth@', '@example.com']) {
      const result = forgotPasswordInputSchema.safeParse({ email });
      expect(result.error?.issues[0]?.message, email).toBe('Please enter a valid email address');
    }
  });

  it('accepts a valid address, trimmed, as the server does', () => {
    expect(forgotPasswordInputSchema.parse({ email: ' ruth@example.com ' })).toEqual({
      email: 'ruth@example.com',
    });
    expect(ForgotPasswordBodySchema.safeParse({ email: 'ruth' }).error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('forgotPassword', () => {
  it('posts {email} and returns the message and the development token', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ message: 'If that address has an account, a link is on its way.', resetToken: 'abc' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(forgotPassword({ email: 'ruth@example.com' })).resolves.toEqual({
      message: 'If that address has an account, a link is on its way.',
      resetToken: 'abc',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(authRoutes.forgotPassword.path);
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ruth@example.com' });
  });
});

describe('resetPasswordPath', () => {
  it('puts the token in the query, encoded', () => {
    expect(resetPasswordPath('a b&c')).toBe('/reset-password?token=a+b%26c');
    expect(new URLSearchParams(resetPasswordPath('a b&c').split('?')[1]).get('token')).toBe('a b&c');
  });
});
