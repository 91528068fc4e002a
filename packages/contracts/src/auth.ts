import { z } from 'zod';
import { ErrorResponseSchema, IdentitySchema } from './common';
import { defineRoute } from './route-contract';

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
export type ResolveSessionResponse = z.infer<typeof ResolveSessionResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export const authRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/auth/me',
    service: 'identity',
    access: 'user',
    summary: 'The logged-in user; 401 when logged out',
    responses: { 200: CurrentUserSchema, 401: ErrorResponseSchema },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    service: 'identity',
    access: 'public',
    summary: 'Ends the session (idempotent)',
    responses: { 200: MessageResponseSchema },
  }),
  defineRoute({
    method: 'GET',
    path: '/internal/sessions/resolve',
    service: 'identity',
    access: 'internal',
    summary: "The identity behind the request's session cookie, or null",
    responses: { 200: ResolveSessionResponseSchema },
  }),
] as const;
