import { z } from 'zod';
import type { RouteContract } from './route-contract';

/** Shipping address at checkout (SPEC.md section 3; messages from section 5). */
export const ShippingAddressSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  address1: z.string().trim().min(1, 'Address is required'),
  address2: z.string().trim().optional(),
  city: z.string().trim().min(1, 'City is required'),
  state: z.string().trim().min(1, 'State is required'),
  postalCode: z.string().trim().min(5, 'Valid postal code is required'),
  country: z.string().trim().min(1, 'Country is required').default('US'),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/** Shipping method as offered at checkout. */
export const ShippingMethodSchema = z.object({
  id: z.number().int().optional(),
  carrier: z.string(),
  service: z.string(),
  rate: z.number(),
  estimatedDays: z.number().int().nullable(),
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

/** The spec's test shipping shortcut: USPS Ground, 9.99, 3 days; test address in Napa. */
export const TEST_SHIPPING_METHOD: ShippingMethod = {
  carrier: 'USPS',
  service: 'Ground',
  rate: 9.99,
  estimatedDays: 3,
};
export const TEST_SHIPPING_ADDRESS: ShippingAddress = {
  firstName: 'Test',
  lastName: 'Customer',
  address1: '1234 Main Street',
  city: 'Napa',
  state: 'CA',
  postalCode: '94559',
  country: 'US',
};

/** Delivery text: '1 day', 'N days' or 'Delivery time unknown' (SPEC.md section 9). */
export function deliveryText(estimatedDays: number | null | undefined): string {
  if (
    estimatedDays === null ||
    estimatedDays === undefined ||
    !Number.isFinite(estimatedDays) ||
    estimatedDays < 1
  ) {
    return 'Delivery time unknown';
  }
  return estimatedDays === 1 ? '1 day' : `${estimatedDays} days`;
}

/** Routes of this domain in the route table (route-table.ts). */
export const shippingRoutes = [] as const satisfies readonly RouteContract[];
