import { authRoutes, type ForgotPasswordResponse } from '@jesus-walks/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/api-client';

/** The forgot-password form's rule, exactly SPEC.md section 5. */
export const forgotPasswordInputSchema = z.object({
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const FORGOT_PASSWORD_FAILURE_FALLBACK = 'Failed to send reset email';

/**
 * POST /api/auth/forgot-password, body {email}. The answer is the same whether or not the address
 * has an account; `resetToken` is present only where the server exposes it (development).
 */
export function forgotPassword(input: ForgotPasswordInput): Promise<ForgotPasswordResponse> {
  return callApi(authRoutes.forgotPassword, { body: { email: input.email } });
}

/** The reset page's address for a token, as the e-mailed link has it. */
export function resetPasswordPath(token: string): string {
  return `/reset-password?${new URLSearchParams({ token }).toString()}`;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
