import { z } from 'zod';
import { MoneySchema } from './money';
import type { RouteContract } from './route-contract';
import { ShippingAddressSchema } from './shipping';

export const orderStatuses = ['pending', 'paid', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export const OrderStatusSchema = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** Statuses an admin is offered in the order detail view (SPEC.md section 4). */
export const adminSelectableStatuses = [
  'pending',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;

export const OrderItemInputSchema = z.object({
  productId: z.number().int().positive(),
  quantity: z.number().int().min(1, 'Quantity must be at least 1').max(1000),
  /** Sent by the client, never trusted: the server prices every item from the catalog. */
  price: MoneySchema.optional(),
});
export type OrderItemInput = z.infer<typeof OrderItemInputSchema>;

export const paymentMethods = ['stripe', 'square', 'safekey', 'apple_pay', 'google_pay', 'crypto'] as const;
export const PaymentMethodSchema = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** Order creation payload (SPEC.md section 3), plus the payment id that proves the payment. */
export const CreateOrderBodySchema = z.object({
  items: z.array(OrderItemInputSchema).min(1),
  total: MoneySchema.optional(),
  shippingAddress: ShippingAddressSchema,
  paymentMethod: PaymentMethodSchema,
  paymentId: z.string().min(1),
  phoneNumber: z.string().optional(),
  customerEmail: z.email().optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** The completed-order record kept in session storage for the confirmation page. */
export const CompletedOrderSchema = z.object({
  orderId: z.union([z.number(), z.string()]),
  items: z.array(
    z.object({ id: z.number(), name: z.string(), price: z.string(), quantity: z.number().int() }),
  ),
  total: z.number(),
});
export type CompletedOrder = z.infer<typeof CompletedOrderSchema>;

/** Manual-order address (SPEC.md section 3): country defaults to 'US'. */
export const ManualOrderAddressSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required'),
  street: z.string().trim().min(1, 'Street address is required'),
  city: z.string().trim().min(1, 'City is required'),
  state: z.string().trim().min(1, 'State is required'),
  zipCode: z.string().trim().min(1, 'Zip code is required'),
  country: z.string().trim().default('US'),
});
export type ManualOrderAddress = z.infer<typeof ManualOrderAddressSchema>;

/** POST /api/admin/create-order (SPEC.md section 3 "Manual order payload"). */
export const ManualOrderBodySchema = z.object({
  userId: z.number().int().positive(),
  items: z.array(OrderItemInputSchema).min(1),
  total: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .optional(),
  shippingAddress: ManualOrderAddressSchema,
  status: z.literal('pending').default('pending'),
});
export type ManualOrderBody = z.infer<typeof ManualOrderBodySchema>;

/** Order as listed to admins: total with 2 decimals; address object or JSON string. */
export const AdminOrderSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  status: OrderStatusSchema,
  total: z.string(),
  createdAt: z.string(),
  shippingAddress: z.union([z.record(z.string(), z.unknown()), z.string()]).nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/**
 * Reads an admin order's address tolerantly (SPEC.md section 3): fullName or firstName+lastName;
 * street or address1; zipCode or postalCode. Missing parts 'N/A'; unparseable 'Invalid address
 * format'; absent 'No shipping address'.
 */
export function describeShippingAddress(address: AdminOrder['shippingAddress'] | undefined): string {
  if (address === null || address === undefined || address === '') return 'No shipping address';
  let value: unknown = address;
  if (typeof address === 'string') {
    try {
      value = JSON.parse(address);
    } catch {
      return 'Invalid address format';
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'Invalid address format';
  const field = (...keys: string[]) => {
    for (const key of keys) {
      const part = (value as Record<string, unknown>)[key];
      if (typeof part === 'string' && part.trim() !== '') return part.trim();
    }
    return undefined;
  };
  const joinedName = [field('firstName'), field('lastName')].filter(Boolean).join(' ');
  const name = field('fullName') ?? (joinedName || undefined);
  const parts = [
    name,
    field('street', 'address1'),
    field('city'),
    field('state'),
    field('zipCode', 'postalCode'),
    field('country'),
  ];
  return parts.map((part) => part ?? 'N/A').join(', ');
}

/** Routes of this domain in the route table (route-table.ts). */
export const orderRoutes = [] as const satisfies readonly RouteContract[];
