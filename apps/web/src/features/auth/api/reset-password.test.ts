import { authRoutes } from '@jesus-walks/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@/lib/api-client';
import { resetPassword, resetPasswordInputSchema } from './reset-password';

function messages(input: unknown): Record<string, string> {
  const result = resetPasswordInputSchema.safeParse(input);
  const entries = result.error?.issues.map((issue) => [String(issue.path[0]), issue.message]) ?? [];
  return Object.fromEntries(entries.reverse());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resetPasswordInputSchema', () => {
  it("says 'Password must be at least 6 characters' below 6", () => {
    expect(messages({ newPassword: '12345', confirmPassword: '12345' })).toEqual({
      newPassword: 'Password must be at least 6 characters',
    });
  });

  it('says "Passwords don\'t match" on confirmPassword', () => {
    expect(messages({ newPassword: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(messages({ newPassword: 'secret1', confirmPassword: '' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('accepts matching passwords of 6 or more', () => {
    expect(
      resetPasswordInputSchema.safeParse({ newPassword: 'secret', confirmPassword: 'secret' }).success,
    ).toBe(true);
  });
});

describe('resetPassword', () => {
  it('posts {token, newPassword} without the confirmation', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ message: 'Password updated' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(resetPassword({ token: 'tok', newPassword: 'secret1' })).resolves.toEqual({
      message: 'Password updated',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(authRoutes.resetPassword.path);
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok', newPassword: 'secret1' });
  });

  it("raises the server's 400 message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Response.json({ message: 'The reset link is invalid or expired.' }, { status: 400 }),
      ),
    );
    const error = await resetPassword({ token: 'old', newPassword: 'secret1' }).catch(
      (caught: unknown) => caught,
    );
    expect((error as ApiError).serverMessage).toBe('The reset link is invalid or expired.');
  });
});
