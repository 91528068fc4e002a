import { z } from 'zod';
import { ErrorResponseSchema, IdParamsSchema, RowIdParamSchema } from './common';
import { OrderStatusSchema } from './orders';
import { defineRoute, defineRoutes } from './route-contract';

export const assistantContexts = ['wine', 'customerService', 'general'] as const;
export const AssistantContextSchema = z.enum(assistantContexts);
export type AssistantContext = z.infer<typeof AssistantContextSchema>;

/** The longest question the assistant takes (characters, after trimming). */
export const AGENT_MESSAGE_MAX_LENGTH = 2000;

/**
 * POST /api/ai/agent: blank or whitespace-only messages are not sent; text is trimmed. A
 * conversation id (unguessable) continues that conversation: its last turns go with the question.
 */
export const AgentRequestSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(AGENT_MESSAGE_MAX_LENGTH, `Message cannot exceed ${AGENT_MESSAGE_MAX_LENGTH} characters`),
  context: AssistantContextSchema.default('general'),
  conversationId: z.uuid().optional(),
});
export type AgentRequest = z.infer<typeof AgentRequestSchema>;

export const AgentResponseSchema = z.object({
  response: z.string(),
  context: AssistantContextSchema,
  model: z.string(),
  provider: z.string(),
  conversationId: z.uuid(),
});
export type AgentResponse = z.infer<typeof AgentResponseSchema>;

/** Chat message as the page keeps it (SPEC.md section 3). */
export const ChatMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  isUser: z.boolean(),
  timestamp: z.string(),
  context: AssistantContextSchema,
  model: z.string().optional(),
  provider: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * With `Accept: text/event-stream` the answer of `agent` streams as server-sent events, once the
 * question is accepted (a 400, 404 or 429 stays a plain JSON error):
 * - `event: delta`, data AgentStreamDelta: the next piece of the answer's text;
 * - then `event: done`, data AgentResponse (the whole answer, as without streaming),
 * - or `event: error`, data ErrorResponse (e.g. code 'timeout' or 'upstream_unavailable').
 */
export const AgentStreamDeltaSchema = z.object({ text: z.string() });
export type AgentStreamDelta = z.infer<typeof AgentStreamDeltaSchema>;

/** Routes of this domain (route-table.ts). */
export const assistantRoutes = defineRoutes({
  agent: defineRoute({
    method: 'POST',
    path: '/api/ai/agent',
    service: 'ai-assistant',
    access: 'public',
    summary:
      "Answers a question in a context (wine, customerService, general), continuing the conversation; a logged-in caller's own orders are within reach, nobody else's",
    request: { body: AgentRequestSchema },
    responses: {
      200: AgentResponseSchema,
      400: ErrorResponseSchema,
      404: ErrorResponseSchema,
      429: ErrorResponseSchema,
      503: ErrorResponseSchema,
      504: ErrorResponseSchema,
    },
  }),
});

/** A knowledge base entry as admins manage it (SPEC.md section 3 knowledge_base). */
export const KnowledgeEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KnowledgeEntry = z.infer<typeof KnowledgeEntrySchema>;

/** An admin's knowledge entry form; isActive false deactivates it (the assistant no longer uses it). */
export const KnowledgeInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title cannot exceed 200 characters'),
  content: z
    .string()
    .trim()
    .min(1, 'Content is required')
    .max(10_000, 'Content cannot exceed 10000 characters'),
  category: z.string().trim().min(1, 'Category is required').max(50, 'Category cannot exceed 50 characters'),
  tags: z.array(z.string().trim().min(1).max(50)).max(30).default([]),
  isActive: z.boolean().default(true),
});
export type KnowledgeInput = z.infer<typeof KnowledgeInputSchema>;

const adminErrors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema } as const;

/** The admins' knowledge base: list, create, edit and deactivate entries. */
export const knowledgeRoutes = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/ai/knowledge',
    service: 'ai-assistant',
    access: 'admin',
    summary: 'Every knowledge base entry (active and not), by category and title',
    responses: { 200: z.array(KnowledgeEntrySchema), ...adminErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/ai/knowledge',
    service: 'ai-assistant',
    access: 'admin',
    summary: 'Adds a knowledge base entry; the assistant answers from it at once',
    request: { body: KnowledgeInputSchema },
    responses: { 201: KnowledgeEntrySchema, 400: ErrorResponseSchema, ...adminErrors },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/ai/knowledge/:id',
    service: 'ai-assistant',
    access: 'admin',
    summary: 'Edits a knowledge base entry; isActive false deactivates it',
    request: { params: IdParamsSchema, body: KnowledgeInputSchema },
    responses: {
      200: KnowledgeEntrySchema,
      400: ErrorResponseSchema,
      404: ErrorResponseSchema,
      ...adminErrors,
    },
  }),
});

/** A member's own order as the assistant may tell them about it: no address, no e-mail, no payment. */
export const MemberOrderSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  total: z.string(),
  createdAt: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  estimatedDeliveryDate: z.string().nullable(),
});
export type MemberOrder = z.infer<typeof MemberOrderSchema>;

/** The most orders the assistant is told about (the newest). */
export const MEMBER_ORDERS_LIMIT = 10;

/**
 * What the assistant asks its peers for. The member whose orders are read is the caller the
 * assistant verified (its signed identity), never someone named in a message.
 */
export const assistantPeerRoutes = defineRoutes({
  memberOrders: defineRoute({
    method: 'GET',
    path: '/internal/users/:id/orders',
    service: 'catalog-and-orders',
    access: 'internal',
    summary: "A member's own orders, newest first (at most MEMBER_ORDERS_LIMIT), for the assistant",
    request: { params: z.object({ id: RowIdParamSchema }) },
    responses: { 200: z.array(MemberOrderSchema), 400: ErrorResponseSchema },
  }),
});
