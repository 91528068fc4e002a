import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  CheckoutContactFormSchema,
  CONTACT_MESSAGES,
  contactIssuesOf,
  paymentContactOf,
} from './contact-schema';

function messages(values: Partial<Record<'fullName' | 'email' | 'phone' | 'paymentMethod', string>>) {
  const result = CheckoutContactFormSchema.safeParse({
    fullName: 'Ann Lee',
    email: '',
    phone: '',
    paymentMethod: 'stripe',
    ...values,
  });
  if (result.success) return {};
  // The first message of each field, as the form shows it.
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
}

describe('checkout contact form (SPEC.md section 5)', () => {
  it('accepts a name, no e-mail and no phone for Stripe', () => {
    expect(messages({})).toEqual({});
  });

  it('checks the name: 2 to 50 letters and spaces', () => {
    expect(messages({ fullName: 'A' }).fullName).toBe('Name must be at least 2 characters');
    expect(messages({ fullName: '' }).fullName).toBe('Name must be at least 2 characters');
    expect(messages({ fullName: 'A'.repeat(51) }).fullName).toBe('Name cannot exceed 50 characters');
    expect(messages({ fullName: 'Ann L33' }).fullName).toBe('Name can only contain letters and spaces');
    expect(messages({ fullName: 'José Núñez' }).fullName).toBeUndefined();
  });

  it('checks an e-mail when one is given: 5 to 50 characters and valid', () => {
    expect(messages({ email: 'a@b' }).email).toBe('Email must be at least 5 characters');
    expect(messages({ email: `${'a'.repeat(45)}@example.com` }).email).toBe(
      'Email cannot exceed 50 characters',
    );
    expect(messages({ email: 'not-an-email' }).email).toBe('Please enter a valid email address');
    expect(messages({ email: 'ann@example.com' }).email).toBeUndefined();
  });

  it('requires the e-mail for every method but Stripe', () => {
    for (const paymentMethod of ['square', 'safekey', 'apple_pay', 'google_pay', 'crypto']) {
      expect(messages({ paymentMethod }).email).toBe('Email is required for order confirmation');
    }
    expect(messages({ paymentMethod: 'stripe' }).email).toBeUndefined();
  });

  it('takes an optional US-style phone number, with or without +1', () => {
    for (const phone of [
      '+1 (555) 123-4567',
      '(555) 123-4567',
      '555-123-4567',
      '5551234567',
      '+15551234567',
    ]) {
      expect(messages({ phone }).phone).toBeUndefined();
    }
    for (const phone of ['123', '+44 20 7946 0958', '(555) 123-456']) {
      expect(messages({ phone }).phone).toBe(CONTACT_MESSAGES.phoneInvalid);
    }
    expect(CONTACT_MESSAGES.phoneInvalid).toBe(
      'Please enter a valid phone number (e.g., +1 (555) 123-4567 or (555) 123-4567)',
    );
  });
});

describe('the contact a payment carries', () => {
  it('is the validated name, with the e-mail and phone only when given', () => {
    const form = (values: { email: string; phone: string }) =>
      CheckoutContactFormSchema.parse({ fullName: ' Ann Lee ', paymentMethod: 'stripe', ...values });
    expect(paymentContactOf(form({ email: ' ann@example.com ', phone: '(555) 123-4567' }))).toEqual({
      fullName: 'Ann Lee',
      email: 'ann@example.com',
      phone: '(555) 123-4567',
    });
    expect(paymentContactOf(form({ email: '', phone: '' }))).toEqual({ fullName: 'Ann Lee' });
  });

  it("reads a 400's issues on the contact by the form's field, and nothing from any other error", () => {
    const refused = new ApiError(400, 'Bad Request', {
      message: 'The request is not valid',
      code: 'validation_failed',
      issues: [
        { path: ['body', 'contact', 'email'], message: 'Invalid email address' },
        { path: ['contact', 'fullName'], message: 'Too short' },
        { path: ['body', 'cvc'], message: 'Security code must be 3 or 4 digits' },
      ],
    });
    expect(contactIssuesOf(refused)).toEqual([
      { field: 'email', message: 'Invalid email address' },
      { field: 'fullName', message: 'Too short' },
    ]);
    const declined = new ApiError(402, 'Payment Required', {
      message: 'Your card was declined.',
      issues: [{ path: ['contact', 'email'], message: 'x' }],
    });
    expect(contactIssuesOf(declined)).toEqual([]);
    expect(contactIssuesOf(new Error('offline'))).toEqual([]);
  });
});
