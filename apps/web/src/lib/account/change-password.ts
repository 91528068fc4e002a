import { authRoutes, type ChangePasswordBody, PasswordSchema } from '@jesus-walks/contracts/auth';
import { z } from 'zod';
import { callApi } from '@/lib/api-client';

/** A password form's confirmation that differs from the new password. */
export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/** 'Change My Password' (SPEC.md section 5): all three required, new at least 6, confirmation matches. */
export const changeMyPasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(1, 'New password is required').pipe(PasswordSchema),
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type ChangeMyPasswordValues = z.input<typeof changeMyPasswordSchema>;

/**
 * POST /api/auth/change-password, body currentPassword and newPassword (never the confirmation):
 * the admin's 'Change My Password' and the member's account page. The member's other sessions end.
 */
export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return callApi(authRoutes.changePassword, { body });
}
