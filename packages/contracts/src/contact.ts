import { z } from 'zod';
import { ErrorResponseSchema, IdParamsSchema, PageQuerySchema, pageOf } from './common';
import { defineRoute, defineRoutes } from './route-contract';

/**
 * The contact form (issue 23): a visitor or member writes to the group from /contact; the message
 * is kept for the admins' Messages tab and e-mailed to every admin, who answer it from there.
 */

export const MAX_CONTACT_NAME_LENGTH = 100;
export const MAX_CONTACT_SUBJECT_LENGTH = 150;
export const MAX_CONTACT_MESSAGE_LENGTH = 5000;
export const MIN_CONTACT_MESSAGE_LENGTH = 10;

/** One line of text: no line breaks or other control characters (it becomes an e-mail's subject). */
const ONE_LINE = /^[^\p{Cc}]*$/u;

export const ContactNameSchema = z
  .string({ error: 'Please enter your name' })
  .trim()
  .min(1, 'Please enter your name')
  .max(MAX_CONTACT_NAME_LENGTH, `Name cannot exceed ${MAX_CONTACT_NAME_LENGTH} characters`)
  .regex(ONE_LINE, 'Name must be on one line');

export const ContactEmailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const ContactSubjectSchema = z
  .string({ error: 'Please enter a subject' })
  .trim()
  .min(1, 'Please enter a subject')
  .max(MAX_CONTACT_SUBJECT_LENGTH, `Subject cannot exceed ${MAX_CONTACT_SUBJECT_LENGTH} characters`)
  .regex(ONE_LINE, 'Subject must be on one line');

export const ContactMessageTextSchema = z
  .string({ error: 'Please write your message' })
  .trim()
  .min(1, 'Please write your message')
  .min(MIN_CONTACT_MESSAGE_LENGTH, `Please write at least ${MIN_CONTACT_MESSAGE_LENGTH} characters`)
  .max(MAX_CONTACT_MESSAGE_LENGTH, `Message cannot exceed ${MAX_CONTACT_MESSAGE_LENGTH} characters`);

/** What a person fills in: the form's fields, checked the same way in the browser and on the server. */
export const ContactFormSchema = z.object({
  name: ContactNameSchema,
  email: ContactEmailSchema,
  subject: ContactSubjectSchema,
  message: ContactMessageTextSchema,
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/**
 * The field a person never sees (the page hides it) but form-filling bots do: a message that
 * fills it in is answered like any other and never stored nor sent.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/**
 * Body of POST /api/contact: the form, the honeypot, and `formToken`, the signed time the page got
 * the form (GET /api/contact/form-token). A message sent sooner after than a person could write
 * one, or without a token the server signed, is answered like any other and never stored nor sent.
 */
export const SendContactMessageBodySchema = ContactFormSchema.extend({
  [CONTACT_HONEYPOT_FIELD]: z.string().max(500).optional(),
  formToken: z.string().max(200).optional(),
});
export type SendContactMessageBody = z.infer<typeof SendContactMessageBodySchema>;

/** The signed time of the form, and how many seconds must pass before it may be sent. */
export const ContactFormTokenSchema = z.object({
  token: z.string(),
  minSeconds: z.number().int().min(0),
});
export type ContactFormToken = z.infer<typeof ContactFormTokenSchema>;

export const ContactSentSchema = z.object({ message: z.string() });
export type ContactSent = z.infer<typeof ContactSentSchema>;

export const contactMessageStatuses = ['open', 'done'] as const;
export const ContactMessageStatusSchema = z.enum(contactMessageStatuses);
export type ContactMessageStatus = z.infer<typeof ContactMessageStatusSchema>;

/** An admin's answer to a message, e-mailed to its sender. */
export const ContactReplySchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** The admin who answered (their username at the time). */
  admin: z.object({ id: z.number().int().nullable(), username: z.string().nullable() }),
  /** ISO 8601. */
  sentAt: z.string(),
});
export type ContactReply = z.infer<typeof ContactReplySchema>;

/** A message as the Messages tab shows it, with its replies, oldest first. */
export const ContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The member who sent it while logged in, or null for a visitor. */
  userId: z.number().int().nullable(),
  status: ContactMessageStatusSchema,
  /** ISO 8601. */
  createdAt: z.string(),
  /** When and by whom it was marked done (null while open). */
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
  replies: z.array(ContactReplySchema),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/**
 * Query of GET /api/admin/messages: `status` (open or done; both when absent), `search` (part of
 * the name, e-mail, subject or message, any case), paged (`page` from 1, `pageSize` up to 100).
 */
export const ListContactMessagesQuerySchema = PageQuerySchema.extend({
  status: ContactMessageStatusSchema.optional(),
  search: z.string().trim().max(200, 'Search cannot exceed 200 characters').optional(),
});
export type ListContactMessagesQuery = z.infer<typeof ListContactMessagesQuerySchema>;

/** One page of messages, newest first, and the counts of the whole inbox (whatever the filter). */
export const ContactMessagePageSchema = pageOf(ContactMessageSchema).extend({
  counts: z.object({ open: z.number().int().min(0), done: z.number().int().min(0) }),
});
export type ContactMessagePage = z.infer<typeof ContactMessagePageSchema>;

/** Body of PATCH /api/admin/messages/:id: mark done, or open again. */
export const UpdateContactMessageBodySchema = z.strictObject({ status: ContactMessageStatusSchema });
export type UpdateContactMessageBody = z.infer<typeof UpdateContactMessageBodySchema>;

export const MAX_CONTACT_REPLY_LENGTH = 5000;

/** Body of POST /api/admin/messages/:id/reply. */
export const ContactReplyBodySchema = z.strictObject({
  text: z
    .string({ error: 'Please write your reply' })
    .trim()
    .min(1, 'Please write your reply')
    .max(MAX_CONTACT_REPLY_LENGTH, `Reply cannot exceed ${MAX_CONTACT_REPLY_LENGTH} characters`),
});
export type ContactReplyBody = z.infer<typeof ContactReplyBodySchema>;

/** The answer of an admin's change: a sentence to show, and the message as it is now. */
export const ContactMessageResultSchema = z.object({
  message: z.string(),
  contactMessage: ContactMessageSchema,
});
export type ContactMessageResult = z.infer<typeof ContactMessageResultSchema>;

/** Routes of this domain in the route table (route-table.ts). */
export const contactRoutes = defineRoutes({
  formToken: defineRoute({
    method: 'GET',
    path: '/api/contact/form-token',
    service: 'content-and-events',
    access: 'public',
    summary:
      'The signed time the contact form was shown (sent back with the message: one sent too soon after is not kept)',
    responses: { 200: ContactFormTokenSchema },
  }),
  send: defineRoute({
    method: 'POST',
    path: '/api/contact',
    service: 'content-and-events',
    access: 'public',
    summary:
      "Sends a message to the group: kept for the admins' Messages tab, e-mailed to every admin (Reply-To the sender), acknowledged to the sender; limited per client address and per e-mail",
    request: { body: SendContactMessageBodySchema },
    responses: {
      201: ContactSentSchema,
      400: ErrorResponseSchema,
      422: ErrorResponseSchema,
      429: ErrorResponseSchema,
    },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/messages',
    service: 'content-and-events',
    access: 'admin',
    summary:
      'Contact messages, newest first, with their replies, by ?status= and ?search=, one ?page= at a time',
    request: { querystring: ListContactMessagesQuerySchema },
    responses: {
      200: ContactMessagePageSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
    },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/admin/messages/:id',
    service: 'content-and-events',
    access: 'admin',
    summary: 'Marks a contact message done, or opens it again (recorded in the activity record)',
    request: { params: IdParamsSchema, body: UpdateContactMessageBodySchema },
    responses: {
      200: ContactMessageResultSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
      404: ErrorResponseSchema,
    },
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/api/admin/messages/:id/reply',
    service: 'content-and-events',
    access: 'admin',
    summary:
      'Answers a contact message: e-mailed to its sender from the group, kept with the admin and time (recorded in the activity record)',
    request: { params: IdParamsSchema, body: ContactReplyBodySchema },
    responses: {
      201: ContactMessageResultSchema,
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      403: ErrorResponseSchema,
      404: ErrorResponseSchema,
    },
  }),
});
