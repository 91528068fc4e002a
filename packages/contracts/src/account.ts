import { z } from 'zod';
import { MessageResponseSchema } from './auth';
import { ErrorResponseSchema } from './common';
import { defineRoute, defineRoutes } from './route-contract';
import { EmailSchema } from './users';

/**
 * A member's own account, as their /account page shows it (issue 23). `emailVerified`: the member
 * has followed a link sent to `email`. `pendingEmail`: a new address asked for, which takes the
 * place of `email` only once the link sent to it is followed. `createdAt`: ISO 8601.
 */
export const AccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The member's full name as they want it shown; null when they have not given one. */
  name: z.string().nullable(),
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof AccountSchema>;

/** Longest display name. */
export const MAX_ACCOUNT_NAME_LENGTH = 100;

/**
 * A display name: trimmed, one line, at most MAX_ACCOUNT_NAME_LENGTH characters. Empty (or only
 * spaces) clears it: the handler receives null.
 */
export const AccountNameSchema = z
  .string({ error: 'Please enter your name, or leave it empty to remove it' })
  .trim()
  .max(MAX_ACCOUNT_NAME_LENGTH, `Name cannot exceed ${MAX_ACCOUNT_NAME_LENGTH} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'Name must be on one line, without control characters')
  .transform((name) => (name === '' ? null : name));

/** Body of PATCH /api/account. */
export const UpdateAccountBodySchema = z.strictObject({ name: AccountNameSchema });
export type UpdateAccountBody = z.infer<typeof UpdateAccountBodySchema>;

/** Body of POST /api/account/email: the new address, and the password to prove it is the member. */
export const ChangeEmailBodySchema = z.strictObject({
  email: EmailSchema,
  currentPassword: z.string().min(1, 'Current password is required').max(200),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

/** The answer of a confirmation link's page, whoever opens it. */
export const INVALID_EMAIL_LINK = 'This confirmation link is not valid or has expired.';

/** Body of POST /api/account/email/confirm: the token of the link's `?token=`. */
export const ConfirmEmailBodySchema = z.strictObject({
  token: z.string().min(1, INVALID_EMAIL_LINK).max(500),
});
export type ConfirmEmailBody = z.infer<typeof ConfirmEmailBodySchema>;

/** The confirmed address, now the account's (verified), and a sentence to show. */
export const ConfirmEmailResponseSchema = z.object({ email: z.string(), message: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponseSchema>;

/**
 * One logged-in session of the member. `id` is a handle for ending it, never the session's id (a
 * truncated SHA-256 of it: it cannot be turned back into a cookie). `device`: a short description
 * from the browser's user agent ('Chrome on Windows', 'Safari on iPhone'); `address`: the client's
 * address when the session started. Times are ISO 8601.
 */
export const AccountSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  device: z.string().nullable(),
  address: z.string().nullable(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const EndedSessionsSchema = z.object({ ended: z.number().int().min(0) });
export type EndedSessions = z.infer<typeof EndedSessionsSchema>;

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
} as const;

/** A member's own account (/account): profile, e-mail address and sessions. */
export const accountRoutes = defineRoutes({
  get: defineRoute({
    method: 'GET',
    path: '/api/account',
    service: 'identity',
    access: 'user',
    summary: "The logged-in member's account: name, e-mail and whether it is verified, a pending new e-mail",
    responses: { 200: AccountSchema, 401: ErrorResponseSchema },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/account',
    service: 'identity',
    access: 'user',
    summary: "Sets the member's display name (empty clears it)",
    request: { body: UpdateAccountBodySchema },
    responses: { 200: AccountSchema, ...errors },
  }),
  changeEmail: defineRoute({
    method: 'POST',
    path: '/api/account/email',
    service: 'identity',
    access: 'user',
    summary:
      'Asks for a new e-mail address (password required): a link valid 24 hours goes to it and a notice to the current one; the address changes when the link is followed',
    request: { body: ChangeEmailBodySchema },
    responses: { 202: MessageResponseSchema, ...errors, 409: ErrorResponseSchema, 429: ErrorResponseSchema },
  }),
  sendVerification: defineRoute({
    method: 'POST',
    path: '/api/account/email/verification',
    service: 'identity',
    access: 'user',
    summary: "Sends a link (valid 24 hours) to the account's current, not yet verified e-mail to verify it",
    responses: { 202: MessageResponseSchema, ...errors, 429: ErrorResponseSchema },
  }),
  confirmEmail: defineRoute({
    method: 'POST',
    path: '/api/account/email/confirm',
    service: 'identity',
    access: 'public',
    summary:
      "Follows an e-mail link: verifies the account's e-mail, or makes the pending new one the account's (no session needed)",
    request: { body: ConfirmEmailBodySchema },
    responses: { 200: ConfirmEmailResponseSchema, 400: ErrorResponseSchema, 409: ErrorResponseSchema },
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/account/sessions',
    service: 'identity',
    access: 'user',
    summary: "The member's logged-in sessions, this one first, then the newest",
    responses: { 200: z.array(AccountSessionSchema), 401: ErrorResponseSchema },
  }),
  endOtherSessions: defineRoute({
    method: 'POST',
    path: '/api/account/sessions/end-others',
    service: 'identity',
    access: 'user',
    summary: 'Logs the member out everywhere else: ends every session but this one',
    responses: { 200: EndedSessionsSchema, 401: ErrorResponseSchema },
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    service: 'identity',
    access: 'user',
    summary: 'Ends another session of the member, by the id the list gives (not this one: that is Logout)',
    request: { params: AccountSessionParamsSchema },
    responses: { 200: EndedSessionsSchema, ...errors, 404: ErrorResponseSchema },
  }),
});
