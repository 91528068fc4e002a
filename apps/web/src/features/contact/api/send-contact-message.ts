import {
  CONTACT_HONEYPOT_FIELD,
  ContactFormSchema,
  type ContactSent,
  contactRoutes,
  type SendContactMessageBody,
} from '@jesus-walks/contracts/contact';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi } from '@/lib/api-client';

/** What the page says when a failure has no message of the server's own. */
export const CONTACT_FAILURE_FALLBACK =
  'Your message could not be sent. Please check your connection and try again.';

/**
 * The form: the server's own rules and messages (packages/contracts), checked before sending, and
 * the honeypot people never see.
 */
export const contactFormSchema = ContactFormSchema.extend({
  [CONTACT_HONEYPOT_FIELD]: z.string(),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

export const contactFields = ['name', 'email', 'subject', 'message'] as const;

/** The request body: the form's values, its signed time, and the honeypot only when filled in. */
export function toContactBody(
  values: ContactFormValues,
  formToken: string | undefined,
): SendContactMessageBody {
  const website = values[CONTACT_HONEYPOT_FIELD];
  return {
    name: values.name,
    email: values.email,
    subject: values.subject,
    message: values.message,
    ...(formToken ? { formToken } : {}),
    ...(website ? { [CONTACT_HONEYPOT_FIELD]: website } : {}),
  };
}

/** POST /api/contact: the thanks the page shows. */
export function sendContactMessage(body: SendContactMessageBody): Promise<ContactSent> {
  return callApi(contactRoutes.send, { body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
