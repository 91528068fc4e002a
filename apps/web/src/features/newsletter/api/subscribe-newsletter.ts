import {
  NEWSLETTER_HONEYPOT_FIELD,
  newsletterRoutes,
  type SubscribeBody,
} from '@jesus-walks/contracts/newsletter';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, callApi } from '@/lib/api-client';

export const INVALID_NEWSLETTER_EMAIL = 'Please enter a valid email address.';

/**
 * The success toast's text: SPEC.md's sentence, then that the subscription waits for the link in
 * the confirmation e-mail (double opt-in). The server's answer never tells whether the address was
 * new (an address already confirmed gets no e-mail), so the toast says it as the server does.
 */
export const SUBSCRIBED_TOAST_DESCRIPTION =
  "You've been subscribed to get the latest on walks and merch. A confirmation e-mail is on its way if this address is new to us: follow its link to start receiving Jesus News.";

/**
 * The dialog's form, SPEC.md section 5: the e-mail non-empty and containing '@' (the server checks
 * the rest), sent trimmed; plus the honeypot people never see.
 */
export const newsletterFormSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((email) => email !== '' && email.includes('@'), INVALID_NEWSLETTER_EMAIL),
  [NEWSLETTER_HONEYPOT_FIELD]: z.string(),
});
export type NewsletterFormInput = z.input<typeof newsletterFormSchema>;
export type NewsletterFormValues = z.output<typeof newsletterFormSchema>;

/** The client-side check of SPEC.md section 5: non-empty and containing '@'. */
export function isValidNewsletterEmail(email: string): boolean {
  return newsletterFormSchema.shape.email.safeParse(email).success;
}

/** The request body of the form's values: the honeypot only when something filled it in. */
export function toSubscribeBody(values: NewsletterFormValues): SubscribeBody {
  const website = values[NEWSLETTER_HONEYPOT_FIELD];
  return website ? { email: values.email, [NEWSLETTER_HONEYPOT_FIELD]: website } : { email: values.email };
}

/**
 * POST /api/newsletter/subscribe; the answer is not used. A failure with the server's message
 * rethrows the `ApiError` (its `serverMessage` is what the toast shows); any other failure becomes
 * 'Subscription failed'.
 */
export async function subscribeNewsletter(body: SubscribeBody): Promise<void> {
  try {
    await callApi(newsletterRoutes.subscribe, { body });
  } catch (error) {
    if (error instanceof ApiError && error.serverMessage) throw error;
    throw new Error('Subscription failed', { cause: error });
  }
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
