import { z } from 'zod';
import type { RouteContract } from './route-contract';

/** Newsletter subscription (SPEC.md section 3); the e-mail is checked again on the server. */
export const NewsletterSubscriptionSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address.')),
});
export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>;

/** Routes of this domain in the route table (route-table.ts). */
export const newsletterRoutes = [] as const satisfies readonly RouteContract[];
