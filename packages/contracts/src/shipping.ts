import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { defineRoute, defineRoutes } from './route-contract';

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

/** Where a parcel goes, as far as pricing it needs: country (ISO code), and optionally state and postal code. */
export const ShippingDestinationSchema = z.object({
  country: z
    .string()
    .trim()
    .min(2, 'Country is required')
    .max(56)
    .default('US')
    .transform((value) => value.toUpperCase()),
  state: z.string().trim().max(100).optional(),
  postalCode: z.string().trim().max(20).optional(),
});
export type ShippingDestination = z.infer<typeof ShippingDestinationSchema>;

/** A method that serves an address, with its rate there (money as a number, as the checkout reads it). */
export const ShippingRateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  carrier: z.string(),
  service: z.string(),
  rate: z.number(),
  estimatedDays: z.number().int().nullable(),
  zone: z.string(),
});
export type ShippingRate = z.infer<typeof ShippingRateSchema>;

/** Routes of this domain in the route table (route-table.ts). */
export const shippingRoutes = defineRoutes({
  rates: defineRoute({
    method: 'GET',
    path: '/api/shipping/rates',
    service: 'catalog-and-orders',
    access: 'public',
    summary:
      'Methods that ship to an address (?country=US&state=CA&postalCode=94559), cheapest first; an empty list means no shipping there',
    request: { querystring: ShippingDestinationSchema },
    responses: { 200: z.array(ShippingRateSchema), 400: ErrorResponseSchema },
  }),
});
