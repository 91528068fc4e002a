import { z } from 'zod';
import { ErrorResponseSchema } from './common';
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
 * Routes of this domain (route-table.ts lists them once the ai-assistant service serves them).
 * With `Accept: text/event-stream` the answer of `agent` streams as server-sent events.
 */
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
