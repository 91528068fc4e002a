import { z } from 'zod';
import { PriceSchema } from './money';
import type { RouteContract } from './route-contract';

/** Product as the client sees it (SPEC.md section 3): price number or string, stock integer. */
export const ProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.union([z.number(), z.string()]),
  imageUrl: z.string().nullable(),
  category: z.string(),
  stock: z.number().int(),
});
export type Product = z.infer<typeof ProductSchema>;

/** The admin's product form (SPEC.md "Edit product": all fields required). */
export const ProductInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().min(1, 'Description is required').max(5000),
  price: PriceSchema,
  category: z.string().trim().min(1, 'Category is required').max(100),
  stock: z.number().int().min(0).max(1_000_000),
  imageUrl: z.string().trim().min(1, 'Image URL is required').max(2000),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/** Routes of this domain in the route table (route-table.ts). */
export const productRoutes = [] as const satisfies readonly RouteContract[];
