import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { defineRoute, defineRoutes } from './route-contract';

/**
 * The group's waiver (issue 24, decision 038): an admin writes it, each publication a new numbered
 * version that is never changed afterwards, so a signature keeps the exact text its walker accepted.
 * A walk chooses whether registering for it requires accepting the current version (the walker
 * types their full name); the acceptance itself travels with the registration (contracts/events.ts,
 * WaiverAcceptanceSchema).
 */

export const MIN_WAIVER_TEXT_LENGTH = 100;
export const MAX_WAIVER_TEXT_LENGTH = 20_000;

/** A published version of the waiver, as anyone reads it before registering. */
export const WaiverSchema = z.object({
  /** What a registration's acceptance names (`waiver.versionId`). */
  id: z.number().int(),
  /** 1, 2, 3...: the number people see ("Waiver, version 3"). */
  version: z.number().int(),
  text: z.string(),
  publishedAt: z.string(),
});
export type Waiver = z.infer<typeof WaiverSchema>;

/** A version as the admin sees it: who published it, and how many signed it. */
export const AdminWaiverVersionSchema = WaiverSchema.extend({
  /** The admin's username when it was published (null: the demo seed). */
  publishedBy: z.string().nullable(),
  /** Signatures recorded against this version (kept when newer versions come). */
  signatures: z.number().int().min(0),
});
export type AdminWaiverVersion = z.infer<typeof AdminWaiverVersionSchema>;

/** GET /api/admin/waiver: the current version (null until the first is published) and every version, newest first. */
export const AdminWaiverSchema = z.object({
  current: AdminWaiverVersionSchema.nullable(),
  versions: z.array(AdminWaiverVersionSchema),
});
export type AdminWaiver = z.infer<typeof AdminWaiverSchema>;

/** POST /api/admin/waiver: the text of a new version (the older ones stay as they were). */
export const NewWaiverVersionBodySchema = z.strictObject({
  text: z
    .string({ error: 'Please write the waiver' })
    .trim()
    .min(MIN_WAIVER_TEXT_LENGTH, `The waiver must be at least ${MIN_WAIVER_TEXT_LENGTH} characters`)
    .max(MAX_WAIVER_TEXT_LENGTH, `The waiver cannot exceed ${MAX_WAIVER_TEXT_LENGTH} characters`),
});
export type NewWaiverVersionBody = z.infer<typeof NewWaiverVersionBodySchema>;

/**
 * A name as a signature is compared: spaces collapsed, case ignored ("  Mary  ann SMITH" is
 * "mary ann smith"). The browser and the service compare alike.
 */
export function signatureNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

/** Whether a typed signature is the full name given in the same form. */
export function signatureMatches(signedName: string, fullName: string): boolean {
  const key = signatureNameKey(signedName);
  return key !== '' && key === signatureNameKey(fullName);
}

/** Routes of this domain in the route table (route-table.ts). */
export const waiverRoutes = defineRoutes({
  current: defineRoute({
    method: 'GET',
    path: '/api/waiver',
    service: 'content-and-events',
    access: 'public',
    summary:
      "The group's current waiver (the text a registration for a walk that requires it accepts); 404 until one is published",
    responses: { 200: WaiverSchema, 404: ErrorResponseSchema },
  }),
  admin: defineRoute({
    method: 'GET',
    path: '/api/admin/waiver',
    service: 'content-and-events',
    access: 'admin',
    summary: 'The current waiver and every version published, newest first, each with its signature count',
    responses: { 200: AdminWaiverSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/api/admin/waiver',
    service: 'content-and-events',
    access: 'admin',
    summary:
      'Publishes a new version of the waiver; older versions and the signatures made against them are kept unchanged',
    request: { body: NewWaiverVersionBodySchema },
    responses: {
      201: AdminWaiverVersionSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
    },
  }),
});
