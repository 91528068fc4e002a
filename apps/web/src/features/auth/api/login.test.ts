import { authRoutes } from '@jesus-walks/contracts/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LOGIN_FAILURE_FALLBACK,
  LoginError,
  login,
  loginFailureMessage,
  loginInputSchema,
  readLoginResponse,
} from './login';

const user = { id: 7, username: 'ruth', email: 'ruth@example.com', isAdmin: false };

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

async function failure(response: Response): Promise<LoginError> {
  const error = await readLoginResponse(response).then(
    () => {
      throw new Error('expected a failure');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LoginError);
  return error as LoginError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readLoginResponse', () => {
  it('returns the user of an OK JSON answer', async () => {
    await expect(readLoginResponse(json({ user }))).resolves.toEqual({ user });
  });

  it('rejects a non-JSON answer, such as the HTML of a proxy error page', async () => {
    const html = new Response('<!doctype html><p>Bad gateway</p>', {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
    });
    const error = await failure(html);
    expect(error.message).toBe('Server error: Expected JSON response but received HTML');
    expect(error.status).toBe(502);
  });

  it('rejects an answer without a content type as non-JSON, even when OK', async () => {
    const error = await failure(new Response('{"user":{}}', { status: 200 }));
    expect(error.message).toBe('Server error: Expected JSON response but received HTML');
  });

  it('rejects JSON that does not parse', async () => {
    const broken = new Response('{"user": ', { headers: { 'Content-Type': 'application/json' } });
    expect((await failure(broken)).message).toBe('Server returned invalid response format');
  });

  it('rejects an OK answer without a user', async () => {
    expect((await failure(json({ ok: true }))).message).toBe('Server returned invalid response format');
  });

  it("shows a non-OK answer's message", async () => {
    const answer = json({ message: 'Invalid username or password', code: 'unauthorized' }, { status: 401 });
    const error = await failure(answer);
    expect(error.message).toBe('Invalid username or password');
    expect(error.status).toBe(401);
  });

  it('shows the rate-limit message of a 429', async () => {
    const answer = json({ message: 'Too many attempts. Try again in 15 minutes.' }, { status: 429 });
    expect((await failure(answer)).message).toBe('Too many attempts. Try again in 15 minutes.');
  });

  it("says 'Login failed with status {code}' for a non-OK answer without a message", async () => {
    expect((await failure(json({}, { status: 500 }))).message).toBe('Login failed with status 500');
    expect((await failure(json({ message: '' }, { status: 403 }))).message).toBe(
      'Login failed with status 403',
    );
    expect((await failure(json(null, { status: 503 }))).message).toBe('Login failed with status 503');
  });
});

describe('loginFailureMessage', () => {
  it('uses the login error message', () => {
    expect(loginFailureMessage(new LoginError('Invalid username or password', 401))).toBe(
      'Invalid username or password',
    );
  });

  it("falls back to 'Please check your credentials and try again.'", () => {
    expect(LOGIN_FAILURE_FALLBACK).toBe('Please check your credentials and try again.');
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toBe(LOGIN_FAILURE_FALLBACK);
    expect(loginFailureMessage(undefined)).toBe(LOGIN_FAILURE_FALLBACK);
  });
});

describe('login', () => {
  it('posts {username, password} as JSON with the session cookie', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ user }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(login({ username: 'ruth', password: 'secret1' })).resolves.toEqual({ user });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(authRoutes.login.path);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'ruth', password: 'secret1' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("reads the answer itself: a failure is the spec's login error, not 'HTTP {status}'", async () => {
    vi.stubGlobal('fetch', async () => new Response('<p>Bad gateway</p>', { status: 502 }));
    const error = await login({ username: 'ruth', password: 'secret1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoginError);
    expect((error as LoginError).message).toBe('Server error: Expected JSON response but received HTML');
  });
});

describe('loginInputSchema', () => {
  it("says 'Username is required' and 'Password is required'", () => {
    const result = loginInputSchema.safeParse({ username: '', password: '' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(messages).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('treats a blank username as missing and accepts one character each', () => {
    expect(loginInputSchema.safeParse({ username: '   ', password: 'x' }).error?.issues[0]?.message).toBe(
      'Username is required',
    );
    expect(loginInputSchema.parse({ username: ' a ', password: 'x' })).toEqual({
      username: 'a',
      password: 'x',
    });
  });
});
