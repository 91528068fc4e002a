import { z } from 'zod';
import { ErrorResponseSchema, IdParamsSchema, MAX_ROW_ID } from './common';
import { hasWholeCents, MAX_CENTS, PriceSchema } from './money';
import { defineRoute, defineRoutes } from './route-contract';

export { DEFAULT_PRODUCT_IMAGE_URL } from './constants';

/** A product (or any row) id in a request body: a positive Postgres integer. */
export const RowIdSchema = z.number().int().positive().max(MAX_ROW_ID);

/**
 * Product as the client sees it (SPEC.md section 3): price number or string, stock integer (what is
 * on the shelf, as the admin sets it), and what a buyer can buy now.
 */
export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.union([z.number(), z.string()]),
  imageUrl: z.string().nullable(),
  category: z.string(),
  stock: z.number().int(),
  /**
   * Units a buyer can buy now: the stock less what open checkouts hold for a few minutes (never
   * below 0). The shop shows this; stock minus available is what other shoppers are paying for.
   */
  available: z.number().int(),
  /**
   * Only in an admin's answers: true for a product made by 'Create Test Product', which only admins
   * see (the shop, its API and the sitemap never list it) and only manual orders sell.
   */
  isTest: z.boolean().optional(),
});
export type Product = z.infer<typeof ProductSchema>;

/**
 * GET /api/products: `includeTest=true` asks for the test products too, answered to an admin only
 * (anyone else gets the shop's list, the same for everyone).
 */
export const ProductListQuerySchema = z.object({ includeTest: z.enum(['true', 'false']).optional() });

/** A price an admin may set: at least 0, whole cents, within numeric(12, 2). */
export const ProductPriceSchema = PriceSchema.pipe(
  z
    .number()
    .refine(hasWholeCents, 'Price can have at most 2 decimals')
    .refine((price) => price * 100 <= MAX_CENTS, 'Price is too large'),
);

/** An absolute http(s) address or a path on this site (the seeded images live under /images/). */
export const ImageUrlSchema = z
  .string()
  .trim()
  .min(1, 'Image URL is required')
  .max(2000)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value),
    'Image URL must be a web address (https://...) or a path on this site (/images/...)',
  );

/** The admin's product form (SPEC.md "Edit product": all fields required). */
export const ProductInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().min(1, 'Description is required').max(5000),
  price: ProductPriceSchema,
  category: z.string().trim().min(1, 'Category is required').max(100),
  stock: z
    .number()
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(1_000_000, 'Stock cannot exceed 1,000,000'),
  imageUrl: ImageUrlSchema,
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

export const ProductDeletedSchema = z.object({ id: z.number().int(), message: z.string() });
export type ProductDeleted = z.infer<typeof ProductDeletedSchema>;

const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema } as const;

/** Routes of this domain in the route table (route-table.ts). */
export const productRoutes = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/products',
    service: 'catalog-and-orders',
    access: 'public',
    summary:
      "Every product on sale, in a stable order (oldest first); with includeTest=true, an admin's list: the test products too, each marked isTest",
    request: { querystring: ProductListQuerySchema },
    responses: { 200: z.array(ProductSchema), 400: ErrorResponseSchema },
    sharedRead: true,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/products/:id',
    service: 'catalog-and-orders',
    access: 'public',
    summary: 'One product on sale (a test product: to an admin only)',
    request: { params: IdParamsSchema },
    responses: { 200: ProductSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/products',
    service: 'catalog-and-orders',
    access: 'admin',
    summary: 'Adds a product',
    request: { body: ProductInputSchema },
    responses: { 201: ProductSchema, 400: ErrorResponseSchema, ...adminErrors },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/products/:id',
    service: 'catalog-and-orders',
    access: 'admin',
    summary: 'Replaces every field of a product',
    request: { params: IdParamsSchema, body: ProductInputSchema },
    responses: { 200: ProductSchema, 400: ErrorResponseSchema, ...adminErrors, 404: ErrorResponseSchema },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/products/:id',
    service: 'catalog-and-orders',
    access: 'admin',
    summary: 'Takes a product off sale; orders that include it keep it for their history',
    request: { params: IdParamsSchema },
    responses: {
      200: ProductDeletedSchema,
      400: ErrorResponseSchema,
      ...adminErrors,
      404: ErrorResponseSchema,
    },
  }),
  createTest: defineRoute({
    method: 'POST',
    path: '/api/admin/create-test-product',
    service: 'catalog-and-orders',
    access: 'admin',
    summary:
      'Adds a test product (no body), for trying manual orders: only admins see it (never the shop, its API or the sitemap)',
    responses: { 201: ProductSchema, ...adminErrors },
  }),
});
