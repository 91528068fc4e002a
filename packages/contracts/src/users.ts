import { z } from 'zod';
import { ErrorResponseSchema, IdParamsSchema } from './common';
import { defineRoute } from './route-contract';

/** User as listed to admins (SPEC.md section 3). */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const userRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/users',
    service: 'identity',
    access: 'admin',
    summary: 'Every user, for the admin dashboard',
    responses: { 200: z.array(AdminUserSchema), 401: ErrorResponseSchema, 403: ErrorResponseSchema },
  }),
  defineRoute({
    method: 'GET',
    path: '/internal/users/:id',
    service: 'identity',
    access: 'internal',
    summary: 'One user, for services that must check a user exists (manual orders, registrations)',
    request: { params: IdParamsSchema },
    responses: { 200: AdminUserSchema, 404: ErrorResponseSchema },
  }),
] as const;
