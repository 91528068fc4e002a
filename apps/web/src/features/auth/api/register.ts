import type { CurrentUser } from '@jesus-walks/contracts/auth';
import { type AdminUser, userRoutes } from '@jesus-walks/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

/**
 * The registration form's rules, exactly SPEC.md section 5: every field required, the e-mail's
 * format checked, the password at least 6 characters. The server may refuse more (409, 400).
 */
export const registerInputSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password is required').min(6, 'Password must be at least 6 characters'),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const REGISTER_FAILURE_FALLBACK = 'Please try again later.';

/** POST /api/users (registration): 201 with the new user, who is now logged in. */
export function register(input: RegisterInput): Promise<AdminUser> {
  return callApi(userRoutes.create, {
    body: { username: input.username, email: input.email, password: input.password },
  });
}

export function toCurrentUser(user: AdminUser): CurrentUser {
  return { id: user.id, username: user.username, email: user.email, isAdmin: user.isAdmin };
}

/** Registers and caches the new user as the current user (the server has logged them in). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, toCurrentUser(user));
    },
  });
}
