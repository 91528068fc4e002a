import { CreateUserBodySchema, userRoutes } from '@jesus-walks/contracts/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ApiResponseError } from '@/lib/api-client';
import { register, registerInputSchema, toCurrentUser } from './register';

function messages(input: unknown): Record<string, string> {
  const result = registerInputSchema.safeParse(input);
  const entries = result.error?.issues.map((issue) => [String(issue.path[0]), issue.message]) ?? [];
  // First message per field, as the form shows it.
  return Object.fromEntries(entries.reverse());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('registerInputSchema', () => {
  it('requires every field', () => {
    expect(messages({ username: '', email: '', password: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it("checks the e-mail's format", () => {
    expect(messages({ username: 'ruth', email: 'ruth@', password: 'secret1' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it("says 'Password must be at least 6 characters' below 6", () => {
    expect(messages({ username: 'ruth', email: 'ruth@example.com', password: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(
      registerInputSchema.safeParse({ username: 'r', email: 'r@example.com', password: '123456' }).success,
    ).toBe(true);
  });

  it("shares the server's messages for the rules both sides check", () => {
    const server = CreateUserBodySchema.safeParse({ username: 'ruth', email: 'nope', password: '123' });
    const serverMessages = server.error?.issues.map((issue) => issue.message) ?? [];
    expect(serverMessages).toContain('Please enter a valid email address');
    expect(serverMessages).toContain('Password must be at least 6 characters');
  });

  it('trims username and e-mail', () => {
    expect(
      registerInputSchema.parse({ username: ' ruth ', email: ' r@example.com ', password: 'secret1' }),
    ).toEqual({ username: 'ruth', email: 'r@example.com', password: 'secret1' });
  });
});

describe('register', () => {
  it('posts {username, email, password} to the users route and returns the new user', async () => {
    const created = { id: 3, username: 'ruth', email: 'r@example.com', isAdmin: false, isVerified: false };
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json(created, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      register({ username: 'ruth', email: 'r@example.com', password: 'secret1' }),
    ).resolves.toEqual(created);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(userRoutes.create.path);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'ruth',
      email: 'r@example.com',
      password: 'secret1',
    });
    expect(toCurrentUser(created)).toEqual({
      id: 3,
      username: 'ruth',
      email: 'r@example.com',
      isAdmin: false,
    });
  });

  it('refuses an answer that is not the new user', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ id: 3, username: 'ruth' }, { status: 201 }));
    await expect(
      register({ username: 'ruth', email: 'r@example.com', password: 'secret1' }),
    ).rejects.toBeInstanceOf(ApiResponseError);
  });

  it("raises the server's 409 message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Response.json({ message: 'That username is already taken', code: 'conflict' }, { status: 409 }),
      ),
    );
    const error = await register({ username: 'ruth', email: 'r@example.com', password: 'secret1' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toBe('That username is already taken');
  });
});
