import { z } from 'zod';

/** Every error answer of every service and the gateway (ARCHITECTURE.md section 6). */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  issues: z
    .array(
      z.object({
        path: z.array(z.union([z.string(), z.number()])),
        message: z.string(),
      }),
    )
    .optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Who is calling, as the gateway signs it into `x-identity` for the services. */
export const IdentitySchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  isAdmin: z.boolean(),
});
export type Identity = z.infer<typeof IdentitySchema>;

/** Largest value of a Postgres integer (every table's identity column): beyond it, 400 rather than a database error. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id in a path: canonical decimal only ('16', never '0x10', '1e3', '016' or ' 16'), from 1
 * to MAX_ROW_ID. Anything else is a 400, never a different row or a database error.
 */
export const RowIdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Must be a positive whole number')
  .transform(Number)
  .pipe(z.number().max(MAX_ROW_ID, 'Must be a positive whole number'));

export const IdParamsSchema = z.object({ id: RowIdParamSchema });

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'ready', 'not_ready']),
  service: z.string(),
  checks: z.record(z.string(), z.string()).optional(),
});

/** Header names shared by the gateway, the services and the internal client. */
export const headers = {
  identity: 'x-identity',
  internalToken: 'x-internal-token',
  requestId: 'x-request-id',
} as const;

/** Page of a server-paged admin list: page numbers from 1, at most 100 rows a page. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** One page of a list and how many rows match in all. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
