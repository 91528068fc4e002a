import { authRoutes } from '@jesus-walks/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/api-client';

/** The reset form's rules, exactly SPEC.md section 5: at least 6 characters, and the two must match. */
export const resetPasswordInputSchema = z
  .object({
    newPassword: z.string().min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const RESET_PASSWORD_FAILURE_FALLBACK = 'Failed to reset password';

/** Where the login page tells the user that the reset worked (SPEC.md "Login" recovery notice). */
export const RESET_SUCCESS_MESSAGE = 'Your password has been reset. Please log in with your new password.';

/** POST /api/auth/reset-password, body {token, newPassword}; the confirmation is not sent. */
export function resetPassword(input: { token: string; newPassword: string }): Promise<{ message: string }> {
  return callApi(authRoutes.resetPassword, {
    body: { token: input.token, newPassword: input.newPassword },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
