import { z } from 'zod';
import { PasswordSchema } from './auth';
import { ErrorResponseSchema, IdParamsSchema, PageQuerySchema, pageOf } from './common';
import { RowIdSchema } from './products';
import { defineRoute, defineRoutes } from './route-contract';

/** User as listed to admins (SPEC.md section 3). */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** A user as other services see them (names and e-mails for lists, confirmations and orders). */
export const InternalUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
});
export type InternalUser = z.infer<typeof InternalUserSchema>;

/** Most ids one lookup takes: callers with more split them. */
export const MAX_USER_LOOKUP_IDS = 1000;

export const UserLookupBodySchema = z.strictObject({
  ids: z.array(RowIdSchema).max(MAX_USER_LOOKUP_IDS),
});

export const UsernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username cannot exceed 30 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username can only contain letters, numbers, dots, dashes and underscores');

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254, 'Email cannot exceed 254 characters'));

/**
 * POST /api/users: registration by anyone, or creation by an admin. isAdmin is honoured only when
 * an admin calls; from anyone else it is ignored.
 */
export const CreateUserBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
  isAdmin: z.boolean().optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** PUT /api/users/:id by an admin; the password is changed only when given. */
export const UpdateUserBodySchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  isAdmin: z.boolean(),
  password: PasswordSchema.optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/** GET /api/admin/users: the dashboard's users, paged and searched on the server. */
export const AdminUsersQuerySchema = PageQuerySchema.extend({
  /** Words in the username or e-mail (case-insensitive); a number also matches the id. */
  q: z.string().trim().max(100).optional(),
  role: z.enum(['admin', 'member']).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;
export const AdminUsersPageSchema = pageOf(AdminUserSchema);
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const userRoutes = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    service: 'identity',
    access: 'admin',
    summary: 'Every user, for the admin dashboard',
    responses: { 200: z.array(AdminUserSchema), 401: ErrorResponseSchema, 403: ErrorResponseSchema },
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    service: 'identity',
    access: 'admin',
    summary: 'Users for the admin dashboard, by id, searched by username or e-mail and paged on the server',
    request: { querystring: AdminUsersQuerySchema },
    responses: {
      200: AdminUsersPageSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
    },
  }),
  internalGet: defineRoute({
    method: 'GET',
    path: '/internal/users/:id',
    service: 'identity',
    access: 'internal',
    summary: 'One user, for services that must check a user exists (manual orders, registrations)',
    request: { params: IdParamsSchema },
    responses: { 200: AdminUserSchema, 404: ErrorResponseSchema },
  }),
  internalLookup: defineRoute({
    method: 'POST',
    path: '/internal/users/lookup',
    service: 'identity',
    access: 'internal',
    summary:
      'Many users by id in one call (unknown ids are left out), for lists and e-mails of other services',
    request: { body: UserLookupBodySchema },
    responses: { 200: z.array(InternalUserSchema), 400: ErrorResponseSchema },
  }),
  internalAdmins: defineRoute({
    method: 'GET',
    path: '/internal/users/admins',
    service: 'identity',
    access: 'internal',
    summary: 'Every admin (names and e-mails), for e-mails to the admins (a contact message)',
    responses: { 200: z.array(InternalUserSchema) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users',
    service: 'identity',
    access: 'public',
    summary: 'Registration (logs the new user in), or user creation by an admin (may set isAdmin)',
    request: { body: CreateUserBodySchema },
    responses: {
      201: AdminUserSchema,
      400: ErrorResponseSchema,
      409: ErrorResponseSchema,
      429: ErrorResponseSchema,
    },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/users/:id',
    service: 'identity',
    access: 'admin',
    summary: "An admin edits a user's username, e-mail, admin flag and optionally password",
    request: { params: IdParamsSchema, body: UpdateUserBodySchema },
    responses: {
      200: AdminUserSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
      422: ErrorResponseSchema,
    },
  }),
});
