import type { PaymentContact } from '@jesus-walks/contracts/checkout';
import { type PaymentMethod, PaymentMethodSchema } from '@jesus-walks/contracts/payable';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';

/** Letters (any alphabet) and spaces only. */
const NAME_PATTERN = /^[\p{L}\s]+$/u;
/** US-style, with an optional +1: +1 (555) 123-4567, (555) 123-4567, 555-123-4567, 5551234567. */
const PHONE_PATTERN = /^(?:\+1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const CONTACT_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name cannot exceed 50 characters',
  nameLetters: 'Name can only contain letters and spaces',
  emailInvalid: 'Please enter a valid email address',
  emailTooShort: 'Email must be at least 5 characters',
  emailTooLong: 'Email cannot exceed 50 characters',
  emailRequired: 'Email is required for order confirmation',
  phoneInvalid: 'Please enter a valid phone number (e.g., +1 (555) 123-4567 or (555) 123-4567)',
} as const;

/**
 * The payment step's contact fields (SPEC.md section 5 "Checkout form"), validated on change. The
 * chosen payment method is part of the form: every method but Stripe needs the e-mail for the
 * order confirmation.
 */
export const CheckoutContactFormSchema = z
  .object({
    fullName: z
      .string()
      .trim()
      .min(2, CONTACT_MESSAGES.nameTooShort)
      .max(50, CONTACT_MESSAGES.nameTooLong)
      .regex(NAME_PATTERN, CONTACT_MESSAGES.nameLetters),
    email: z.string().trim(),
    phone: z.string().trim(),
    paymentMethod: PaymentMethodSchema,
  })
  .superRefine((values, context) => {
    const email = values.email;
    if (email === '') {
      if (values.paymentMethod !== 'stripe') {
        context.addIssue({ code: 'custom', path: ['email'], message: CONTACT_MESSAGES.emailRequired });
      }
    } else if (email.length < 5) {
      context.addIssue({ code: 'custom', path: ['email'], message: CONTACT_MESSAGES.emailTooShort });
    } else if (email.length > 50) {
      context.addIssue({ code: 'custom', path: ['email'], message: CONTACT_MESSAGES.emailTooLong });
    } else if (!EMAIL_PATTERN.test(email)) {
      context.addIssue({ code: 'custom', path: ['email'], message: CONTACT_MESSAGES.emailInvalid });
    }
    if (values.phone !== '' && !PHONE_PATTERN.test(values.phone)) {
      context.addIssue({ code: 'custom', path: ['phone'], message: CONTACT_MESSAGES.phoneInvalid });
    }
  });

export type CheckoutContactFormInput = z.input<typeof CheckoutContactFormSchema>;
export type CheckoutContactForm = z.output<typeof CheckoutContactFormSchema>;

export function emptyContactForm(paymentMethod: PaymentMethod = 'stripe'): CheckoutContactFormInput {
  return { fullName: '', email: '', phone: '', paymentMethod };
}

/**
 * The contact a path sends with the call that pays (PaymentContact), from the validated form: the
 * name, and the e-mail and phone only when given.
 */
export function paymentContactOf(form: CheckoutContactForm): PaymentContact {
  return {
    fullName: form.fullName,
    ...(form.email ? { email: form.email } : {}),
    ...(form.phone ? { phone: form.phone } : {}),
  };
}

/** The contact's fields a server's 400 can name (its issue's path ends with one). */
export type ContactField = 'fullName' | 'email' | 'phone';

/**
 * The issues of a 400 that refused the contact sent with a payment (path `body.contact.email`
 * and the like), by the form's field; empty for any other error.
 */
export function contactIssuesOf(error: unknown): { field: ContactField; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return (error.issues ?? []).flatMap((issue) => {
    const field = issue.path.at(-1);
    return field === 'fullName' || field === 'email' || field === 'phone'
      ? [{ field, message: issue.message }]
      : [];
  });
}
