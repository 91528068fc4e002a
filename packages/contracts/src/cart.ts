import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { RowIdSchema } from './products';
import { defineRoute, defineRoutes } from './route-contract';

/** Cart item (SPEC.md section 3): price string or number, converted to number; category defaults to 'Product'. */
export const CartItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().finite().nonnegative()),
  quantity: z.number().int().positive(),
  category: z.string().default('Product'),
  description: z.string().optional(),
  imageUrl: z.string().nullable().optional(),
  stock: z.number().int().optional(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** Cart state: items and a numeric total. */
export const CartStateSchema = z.object({
  items: z.array(CartItemSchema),
  total: z.number(),
});
export type CartState = z.infer<typeof CartStateSchema>;

/** POST /api/cart/add (quantity always 1 from the shop). */
export const AddToCartBodySchema = z.object({
  productId: RowIdSchema,
  quantity: z.number().int().min(1).max(100),
});
export type AddToCartBody = z.infer<typeof AddToCartBodySchema>;

/** The answer to an add (the shop does not read it). */
export const AddToCartResponseSchema = z.object({
  productId: z.number().int(),
  quantity: z.number().int(),
  message: z.string(),
});
export type AddToCartResponse = z.infer<typeof AddToCartResponseSchema>;

/**
 * Cookie naming an anonymous visitor's cart, so that adds are recorded for the owner of the cart
 * when there is no logged-in user (random, httpOnly, no meaning beyond grouping adds).
 */
export const CART_COOKIE = 'cart_key';

/** Routes of this domain in the route table (route-table.ts). */
export const cartRoutes = defineRoutes({
  add: defineRoute({
    method: 'POST',
    path: '/api/cart/add',
    service: 'catalog-and-orders',
    access: 'public',
    summary: 'Records an add to the cart: 404 unknown product, 409 out of stock',
    request: { body: AddToCartBodySchema },
    responses: {
      200: AddToCartResponseSchema,
      400: ErrorResponseSchema,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
    },
  }),
});
