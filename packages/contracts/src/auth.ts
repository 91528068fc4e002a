import { z } from 'zod';
import { ErrorResponseSchema, IdentitySchema } from './common';
import { defineRoute, defineRoutes } from './route-contract';

/** Current user as the client sees it (SPEC.md section 3: username and isAdmin; presence means logged in). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const ResolveSessionResponseSchema = z.object({
  identity: IdentitySchema.nullable(),
});

export const MessageResponseSchema = z.object({ message: z.string() });

export { SIGNED_IN_COOKIE } from './constants';

/** Password rules shared by registration, reset, change and admin forms (SPEC.md section 5). */
export const PasswordSchema = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password cannot exceed 200 characters');

export const LoginBodySchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({ user: CurrentUserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const ForgotPasswordBodySchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
});

/** The same answer whether or not the e-mail exists; resetToken only where the server exposes it (development). */
export const ForgotPasswordResponseSchema = z.object({
  message: z.string(),
  resetToken: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1, 'The reset link is invalid or expired.').max(200),
  newPassword: PasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(200),
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

const rateLimited = { 429: ErrorResponseSchema };

export const authRoutes = defineRoutes({
  me: defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    service: 'identity',
    access: 'user',
    summary: 'The logged-in user; 401 when logged out',
    responses: { 200: CurrentUserSchema, 401: ErrorResponseSchema },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    service: 'identity',
    access: 'public',
    summary: 'Ends the session (idempotent)',
    responses: { 200: MessageResponseSchema },
  }),
  resolveSession: defineRoute({
    method: 'GET',
    path: '/internal/sessions/resolve',
    service: 'identity',
    access: 'internal',
    summary: "The identity behind the request's session cookie, or null",
    responses: { 200: ResolveSessionResponseSchema },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    service: 'identity',
    access: 'public',
    summary: 'Logs in with username (or e-mail) and password; a new session id is issued',
    request: { body: LoginBodySchema },
    responses: {
      200: LoginResponseSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      ...rateLimited,
    },
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/forgot-password',
    service: 'identity',
    access: 'public',
    summary: 'Sends a reset link if the e-mail belongs to an account; answers the same either way',
    request: { body: ForgotPasswordBodySchema },
    responses: { 200: ForgotPasswordResponseSchema, 400: ErrorResponseSchema, ...rateLimited },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/reset-password',
    service: 'identity',
    access: 'public',
    summary: 'Sets a new password with a reset token (single use, one hour)',
    request: { body: ResetPasswordBodySchema },
    responses: { 200: MessageResponseSchema, 400: ErrorResponseSchema, ...rateLimited },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/auth/change-password',
    service: 'identity',
    access: 'user',
    summary: "Changes the logged-in user's password after checking the current one",
    request: { body: ChangePasswordBodySchema },
    responses: {
      200: MessageResponseSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      ...rateLimited,
    },
  }),
});
