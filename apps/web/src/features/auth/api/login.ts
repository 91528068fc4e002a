import { authRoutes, type LoginResponse } from '@jesus-walks/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

/** The login form's rules, exactly SPEC.md section 5: both fields at least 1 character. */
export const loginInputSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

/** A failed login whose message is meant for the user (SPEC.md section 8, Login). */
export class LoginError extends Error {
  override readonly name = 'LoginError';
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

export const LOGIN_FAILURE_FALLBACK = 'Please check your credentials and try again.';

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(type.trim());
}

/**
 * Reads the login answer as SPEC.md section 8 says: it must be JSON ('Server error: Expected JSON
 * response but received HTML'), parseable ('Server returned invalid response format'); a non-OK
 * answer carries its `message` or 'Login failed with status {code}'; an OK one holds the user.
 */
export async function readLoginResponse(response: Response): Promise<LoginResponse> {
  if (!isJson(response)) {
    await response.body?.cancel().catch(() => {});
    throw new LoginError('Server error: Expected JSON response but received HTML', response.status);
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new LoginError('Server returned invalid response format', response.status);
  }
  if (!response.ok) {
    const message =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message.trim()
        : '';
    throw new LoginError(message || `Login failed with status ${response.status}`, response.status);
  }
  const parsed = authRoutes.login.responses[200].safeParse(data);
  if (!parsed.success) throw new LoginError('Server returned invalid response format', response.status);
  return parsed.data;
}

/** What the 'Login failed' toast says for an error of `login`. */
export function loginFailureMessage(error: unknown): string {
  return error instanceof LoginError && error.message !== '' ? error.message : LOGIN_FAILURE_FALLBACK;
}

/** POST /api/auth/login, body {username, password}; the call reads its answer itself (SPEC.md section 8). */
export function login(input: LoginInput): Promise<LoginResponse> {
  return callApi(authRoutes.login, {
    body: { username: input.username, password: input.password },
    readResponse: readLoginResponse,
  });
}

/** Logs in and caches the answer's user as the current user (SPEC.md section 7). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
