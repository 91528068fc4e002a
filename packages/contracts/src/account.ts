import { z } from 'zod';
import { MessageResponseSchema } from './auth';
import { ErrorResponseSchema, IdParamsSchema } from './common';
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

/*
 * Privacy (issue 23): "Download my data" and "Delete my account".
 */

/** How long a prepared download can be fetched, in days (the e-mail and the page say so). */
export const DATA_EXPORT_LIFETIME_DAYS = 7;
/** Downloads a member may ask for within 24 hours. */
export const DATA_EXPORTS_PER_DAY = 3;

export const DataExportStatusSchema = z.enum(['preparing', 'ready', 'failed']);
export type DataExportStatus = z.infer<typeof DataExportStatusSchema>;

/**
 * A member's request for their data. `preparing`: a job is gathering it from every service;
 * `ready`: `downloadUrl` serves the JSON file until `expiresAt`; `failed`: a service could not
 * answer after several tries (`message` says so) and the member may ask again. Times are ISO 8601;
 * `readyAt` and `expiresAt` are null until it is ready, `downloadUrl` null unless ready.
 */
export const DataExportSchema = z.object({
  id: z.string(),
  status: DataExportStatusSchema,
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  message: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** POST /api/account/data-export: the request made (or the one still being prepared). */
export const DataExportResponseSchema = z.object({ export: DataExportSchema });
/** GET /api/account/data-export: the member's newest request, null when they have none. */
export const CurrentDataExportResponseSchema = z.object({ export: DataExportSchema.nullable() });

export const DataExportParamsSchema = z.object({ id: z.uuid() });

/** The path a ready download is fetched from. */
export const dataExportDownloadPath = (id: string) => `/api/account/data-export/${id}/download`;

/** The answers of a download that cannot be served. */
export const DATA_EXPORT_EXPIRED = 'This download has expired. Please ask for your data again.';
export const DATA_EXPORT_NOT_FOUND = 'Download not found';
export const DATA_EXPORT_NOT_READY = 'Your data is still being prepared. Please try again in a moment.';
export const DATA_EXPORT_LIMIT = `You can ask for your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again tomorrow.`;

/**
 * The downloaded file (application/json, `jesus-walks-data-YYYY-MM-DD.json`): the account as
 * identity keeps it, and every service's part, by service (named sections of plain records). A
 * service's part is `{}` when it holds nothing about the member.
 */
export const MemberDataDocumentSchema = z.object({
  generatedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  services: z.record(z.string(), z.record(z.string(), z.array(z.record(z.string(), z.unknown())))),
});
export type MemberDataDocument = z.infer<typeof MemberDataDocumentSchema>;

/** Body of POST /api/account/delete: the member's password, to prove it is them. */
export const DeleteAccountBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(200),
});
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** The answer of POST /api/account/delete (the session cookie is cleared with it). */
export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted. Your personal data is being erased from every part of the site.';
/** The answer of POST /api/admin/users/:id/delete. */
export const USER_DELETED_MESSAGE =
  "The account has been deleted. The member's personal data is being erased from every part of the site.";
/** A member who is the site's only administrator cannot delete their account (409). */
export const LAST_ADMIN_DELETE =
  'You are the only administrator. Make another user an administrator before deleting your account.';
/** An admin deleting their own account from the users list (422): the account page asks the password. */
export const ADMIN_DELETE_SELF = "To delete your own account, use the 'Your data' tab of your account page.";

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
  requestDataExport: defineRoute({
    method: 'POST',
    path: '/api/account/data-export',
    service: 'identity',
    access: 'user',
    summary: `Asks for a download of everything the site holds about the member (prepared by a job, announced by e-mail, kept ${DATA_EXPORT_LIFETIME_DAYS} days); while one is being prepared, answers that one`,
    responses: { 202: DataExportResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
  }),
  dataExport: defineRoute({
    method: 'GET',
    path: '/api/account/data-export',
    service: 'identity',
    access: 'user',
    summary: "The member's newest request for their data (null: none)",
    responses: { 200: CurrentDataExportResponseSchema, 401: ErrorResponseSchema },
  }),
  downloadDataExport: defineRoute({
    method: 'GET',
    path: '/api/account/data-export/:id/download',
    service: 'identity',
    access: 'user',
    summary:
      "The member's data as a JSON file (an attachment, MemberDataDocumentSchema), only their own and only until it expires",
    request: { params: DataExportParamsSchema },
    responses: {
      200: z.string(),
      ...errors,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
      410: ErrorResponseSchema,
    },
  }),
  deleteAccount: defineRoute({
    method: 'POST',
    path: '/api/account/delete',
    service: 'identity',
    access: 'user',
    summary:
      "Deletes the member's account (password required): logged out everywhere, personal data erased here and, by jobs that retry until done, in every service",
    request: { body: DeleteAccountBodySchema },
    responses: { 200: MessageResponseSchema, ...errors, 409: ErrorResponseSchema, 429: ErrorResponseSchema },
  }),
  adminDeleteUser: defineRoute({
    method: 'POST',
    path: '/api/admin/users/:id/delete',
    service: 'identity',
    access: 'admin',
    summary:
      "An admin deletes a member's account at their request (as POST /api/account/delete does, without the password; not their own)",
    request: { params: IdParamsSchema },
    responses: {
      200: MessageResponseSchema,
      ...errors,
      403: ErrorResponseSchema,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
    },
  }),
});
