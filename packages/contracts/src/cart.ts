import { z } from 'zod';
import type { RouteContract } from './route-contract';

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
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(100),
});
export type AddToCartBody = z.infer<typeof AddToCartBodySchema>;

/** Routes of this domain in the route table (route-table.ts). */
export const cartRoutes = [] as const satisfies readonly RouteContract[];
