import { PasswordSchema } from '@jesus-walks/contracts/auth';
import { fromCents, hasWholeCents, toCents } from '@jesus-walks/contracts/money';
import { ManualOrderAddressSchema } from '@jesus-walks/contracts/orders';
import { ImageUrlSchema, type Product, type ProductInput } from '@jesus-walks/contracts/products';
import {
  type CreateUserBody,
  EmailSchema,
  type UpdateUserBody,
  UsernameSchema,
} from '@jesus-walks/contracts/users';
import { z } from 'zod';
import { PASSWORDS_DONT_MATCH } from '@/lib/account/change-password';

const usernameField = z.string().trim().min(1, 'Username is required').pipe(UsernameSchema);
const emailField = z.string().trim().min(1, 'Email is required').pipe(EmailSchema);

/** 'Add New User': username, email, password required; password at least 6; confirmation matches. */
export const addUserSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: z.string().min(1, 'Password is required').pipe(PasswordSchema),
    confirmPassword: z.string(),
    isAdmin: z.boolean(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type AddUserValues = z.input<typeof addUserSchema>;

/** What POST /api/users gets: never the confirmation. */
export function toCreateUserBody(values: z.output<typeof addUserSchema>): CreateUserBody {
  return {
    username: values.username,
    email: values.email,
    password: values.password,
    isAdmin: values.isAdmin,
  };
}

/** 'Edit User': username and email required; a new password is optional (blank keeps the current one). */
export const editUserSchema = z
  .object({
    username: usernameField,
    email: emailField,
    isAdmin: z.boolean(),
    password: z.union([z.literal(''), PasswordSchema]),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === '' || values.password === values.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ['confirmPassword'],
  });
export type EditUserValues = z.input<typeof editUserSchema>;

/** What PUT /api/users/{id} gets: the password only when one was given, never the confirmation. */
export function toUpdateUserBody(values: z.output<typeof editUserSchema>): UpdateUserBody {
  const body: UpdateUserBody = { username: values.username, email: values.email, isAdmin: values.isAdmin };
  if (values.password !== '') body.password = values.password;
  return body;
}

/** Stock as typed, read as an integer; anything not numeric is 0 (SPEC.md section 5). */
export function parseStock(value: string): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** The product edit form: every field required; the values are the inputs' text. */
export const productFormSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().min(1, 'Description is required').max(5000),
  price: z
    .string()
    .trim()
    .min(1, 'Price is required')
    .regex(/^\d+(\.\d+)?$/, 'Price must be a number of at least 0')
    .transform(Number)
    .pipe(z.number().refine(hasWholeCents, 'Price can have at most 2 decimals')),
  category: z.string().trim().min(1, 'Category is required').max(100),
  stock: z
    .string()
    .trim()
    .min(1, 'Stock is required')
    .transform(parseStock)
    .pipe(
      z.number().int().min(0, 'Stock cannot be negative').max(1_000_000, 'Stock cannot exceed 1,000,000'),
    ),
  imageUrl: ImageUrlSchema,
});
export type ProductFormValues = z.input<typeof productFormSchema>;

/** What PUT /api/products/{id} gets. */
export function toProductInput(values: z.output<typeof productFormSchema>): ProductInput {
  return values;
}

/** The form's text for a product. */
export function productFormDefaults(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: Number(product.price).toFixed(2),
    category: product.category,
    stock: String(product.stock),
    imageUrl: product.imageUrl ?? '',
  };
}

export const SELECT_BOTH_MESSAGE = 'Please select both user and product';
export const QUANTITY_MESSAGE = 'Quantity must be at least 1';
export const PRODUCT_NOT_FOUND_MESSAGE = 'Selected product not found';

/** The manual order form's text values. */
export interface ManualOrderValues {
  userId: string;
  productId: string;
  quantity: string;
  fullName: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
}

export const emptyManualOrder: ManualOrderValues = {
  userId: '',
  productId: '',
  quantity: '1',
  fullName: '',
  street: '',
  city: '',
  state: '',
  zipCode: '',
};

/** price x quantity, exactly, 2 decimals. */
export function lineTotal(price: number | string, quantity: number): string {
  return fromCents(toCents(price) * quantity);
}

/**
 * 'Create Order for Customer' (SPEC.md section 5): user and product both chosen, quantity at least
 * 1, the product in the list, the shipping fields filled. Its output is the manual order payload:
 * total = price x quantity, country 'US', status 'pending' (the server prices it again).
 */
export function manualOrderSchema(products: readonly Product[]) {
  return z
    .object({
      userId: z.string(),
      productId: z.string(),
      quantity: z.string(),
      fullName: ManualOrderAddressSchema.shape.fullName,
      street: ManualOrderAddressSchema.shape.street,
      city: ManualOrderAddressSchema.shape.city,
      state: ManualOrderAddressSchema.shape.state,
      zipCode: ManualOrderAddressSchema.shape.zipCode,
    })
    .superRefine((values, context) => {
      if (values.userId === '' || values.productId === '') {
        context.addIssue({ code: 'custom', message: SELECT_BOTH_MESSAGE, path: ['productId'] });
      } else if (!products.some((product) => String(product.id) === values.productId)) {
        context.addIssue({ code: 'custom', message: PRODUCT_NOT_FOUND_MESSAGE, path: ['productId'] });
      }
      const quantity = Number(values.quantity);
      if (values.quantity.trim() === '' || !Number.isInteger(quantity) || quantity < 1) {
        context.addIssue({ code: 'custom', message: QUANTITY_MESSAGE, path: ['quantity'] });
      }
    })
    .transform((values) => {
      const product = products.find((candidate) => String(candidate.id) === values.productId);
      const quantity = Number(values.quantity);
      const price = product ? fromCents(toCents(product.price)) : '0.00';
      return {
        userId: Number(values.userId),
        items: [{ productId: Number(values.productId), quantity, price }],
        total: lineTotal(price, quantity),
        shippingAddress: {
          fullName: values.fullName,
          street: values.street,
          city: values.city,
          state: values.state,
          zipCode: values.zipCode,
          country: 'US',
        },
        status: 'pending' as const,
      };
    });
}
