import { z } from 'zod';
import { ErrorResponseSchema, IdParamsSchema, PageQuerySchema } from './common';
import { defineRoute, defineRoutes } from './route-contract';

/** Newsletter subscription (SPEC.md section 3); the e-mail is checked again on the server. */
export const NewsletterSubscriptionSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
});

/**
 * The field a person never sees (the dialog hides it) but form-filling bots do: a subscription
 * that fills it in is answered like any other and never stored.
 */
export const NEWSLETTER_HONEYPOT_FIELD = 'website';

/** Body of POST /api/newsletter/subscribe: `{email}` plus the honeypot. */
export const SubscribeBodySchema = NewsletterSubscriptionSchema.extend({
  [NEWSLETTER_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;

export const NewsletterMessageSchema = z.object({ message: z.string() });
export type NewsletterMessage = z.infer<typeof NewsletterMessageSchema>;

/** The signed token of a confirmation or unsubscribe link, posted by its page. */
export const NewsletterTokenBodySchema = z.strictObject({
  token: z.string().min(1, 'The link is incomplete').max(500),
});

export const NewsletterTokenResultSchema = z.object({ message: z.string(), email: z.string() });
export type NewsletterTokenResult = z.infer<typeof NewsletterTokenResultSchema>;

/** RFC 8058 one-click unsubscribe: the mail client POSTs this form body to the List-Unsubscribe URL. */
export const OneClickUnsubscribeBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
export const OneClickUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(500) });

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export const SubscriberStatusSchema = z.enum(subscriberStatuses);
export type SubscriberStatus = z.infer<typeof SubscriberStatusSchema>;

/**
 * Query of GET /api/newsletter/subscribers: `search`, part of an e-mail address (any case);
 * `status`, one of the statuses. Both optional; an empty search is no search. Paged on the server
 * (`page` from 1, `pageSize` up to 100, 25 by default): the list can grow to many thousands.
 */
export const ListSubscribersQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(254, 'Search cannot exceed 254 characters').optional(),
  status: SubscriberStatusSchema.optional(),
});
export type ListSubscribersQuery = z.infer<typeof ListSubscribersQuerySchema>;

/** The answer of DELETE /api/newsletter/subscribers/{id}: the address that is gone. */
export const RemovedSubscriberSchema = z.object({ message: z.string(), email: z.string() });
export type RemovedSubscriber = z.infer<typeof RemovedSubscriberSchema>;

export const SubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** pending: has not confirmed yet; confirmed; unsubscribed (kept so counts and history stay true). */
  status: SubscriberStatusSchema,
  confirmed: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type Subscriber = z.infer<typeof SubscriberSchema>;

export const SubscriberListSchema = z.object({
  /** The whole list's counts, whatever the search. */
  counts: z.object({
    total: z.number().int(),
    confirmed: z.number().int(),
    pending: z.number().int(),
    unsubscribed: z.number().int(),
  }),
  /** This page of the subscribers that match, newest first. */
  subscribers: z.array(SubscriberSchema),
  /** How many match the search and status, over every page. */
  matching: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type SubscriberList = z.infer<typeof SubscriberListSchema>;

/**
 * The newsletter as a member's /account page shows it, for the account's current e-mail (identity's):
 * subscribed (confirmed), pending (a confirmation e-mail is out, not yet followed) or not_subscribed
 * (never, or unsubscribed since). The list itself belongs to addresses, not accounts.
 */
export const accountSubscriptionStatuses = ['subscribed', 'pending', 'not_subscribed'] as const;
export const AccountSubscriptionStatusSchema = z.enum(accountSubscriptionStatuses);
export type AccountSubscriptionStatus = z.infer<typeof AccountSubscriptionStatusSchema>;

export const AccountSubscriptionSchema = z.object({
  email: z.string(),
  status: AccountSubscriptionStatusSchema,
});
export type AccountSubscription = z.infer<typeof AccountSubscriptionSchema>;

/** Body of PUT /api/account/newsletter: subscribe (true) or unsubscribe (false) the account's e-mail. */
export const UpdateAccountSubscriptionBodySchema = z.strictObject({
  subscribed: z.boolean(),
});
export type UpdateAccountSubscriptionBody = z.infer<typeof UpdateAccountSubscriptionBodySchema>;

/** The answer of PUT /api/account/newsletter: the new state and a message to show. */
export const AccountSubscriptionResultSchema = AccountSubscriptionSchema.extend({ message: z.string() });
export type AccountSubscriptionResult = z.infer<typeof AccountSubscriptionResultSchema>;

/** Routes of this domain in the route table (route-table.ts). */
export const newsletterRoutes = defineRoutes({
  subscribe: defineRoute({
    method: 'POST',
    path: '/api/newsletter/subscribe',
    service: 'content-and-events',
    access: 'public',
    summary:
      'Subscribes an e-mail (idempotent; the same answer whether or not it was known) and sends a confirmation',
    request: { body: SubscribeBodySchema },
    responses: { 200: NewsletterMessageSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/newsletter/confirm',
    service: 'content-and-events',
    access: 'public',
    summary: "Confirms a subscription with the token of the welcome e-mail's link (its page posts it)",
    request: { body: NewsletterTokenBodySchema },
    responses: { 200: NewsletterTokenResultSchema, 400: ErrorResponseSchema },
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    service: 'content-and-events',
    access: 'public',
    summary: 'Unsubscribes with the signed token of an e-mail link (its page posts it)',
    request: { body: NewsletterTokenBodySchema },
    responses: { 200: NewsletterTokenResultSchema, 400: ErrorResponseSchema },
  }),
  oneClickUnsubscribe: defineRoute({
    method: 'POST',
    path: '/api/newsletter/one-click-unsubscribe',
    service: 'content-and-events',
    access: 'public',
    summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), token in the query',
    request: { querystring: OneClickUnsubscribeQuerySchema, body: OneClickUnsubscribeBodySchema },
    responses: { 200: NewsletterMessageSchema, 400: ErrorResponseSchema },
  }),
  listSubscribers: defineRoute({
    method: 'GET',
    path: '/api/newsletter/subscribers',
    service: 'content-and-events',
    access: 'admin',
    summary:
      'Subscribers (newest first) matching ?search= (part of the e-mail) and ?status=, one ?page= at a time, with the counts of the whole list',
    request: { querystring: ListSubscribersQuerySchema },
    responses: {
      200: SubscriberListSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
    },
  }),
  removeSubscriber: defineRoute({
    method: 'DELETE',
    path: '/api/newsletter/subscribers/:id',
    service: 'content-and-events',
    access: 'admin',
    summary: 'Removes a subscriber for good (the address is forgotten); 404 when unknown',
    request: { params: IdParamsSchema },
    responses: {
      200: RemovedSubscriberSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
      404: ErrorResponseSchema,
    },
  }),
  subscribersCsv: defineRoute({
    method: 'GET',
    path: '/api/newsletter/subscribers.csv',
    service: 'content-and-events',
    access: 'admin',
    summary: 'Every subscriber as CSV (text/csv)',
    responses: { 200: z.string(), 401: ErrorResponseSchema, 403: ErrorResponseSchema },
  }),
  accountSubscription: defineRoute({
    method: 'GET',
    path: '/api/account/newsletter',
    service: 'content-and-events',
    access: 'user',
    summary:
      "The logged-in member's newsletter status for their account's current e-mail (asked of identity); 503 when identity is unreachable",
    responses: {
      200: AccountSubscriptionSchema,
      401: ErrorResponseSchema,
      502: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
  updateAccountSubscription: defineRoute({
    method: 'PUT',
    path: '/api/account/newsletter',
    service: 'content-and-events',
    access: 'user',
    summary:
      "Subscribes or unsubscribes the account's e-mail (idempotent): a verified e-mail is confirmed at once, an unverified one gets the double opt-in e-mail (limited like the public subscribe)",
    request: { body: UpdateAccountSubscriptionBodySchema },
    responses: {
      200: AccountSubscriptionResultSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      429: ErrorResponseSchema,
      502: ErrorResponseSchema,
      503: ErrorResponseSchema,
    },
  }),
});
