import { z } from 'zod';

export const assistantContexts = ['wine', 'customerService', 'general'] as const;
export const AssistantContextSchema = z.enum(assistantContexts);
export type AssistantContext = z.infer<typeof AssistantContextSchema>;

/** POST /api/ai/agent: blank or whitespace-only messages are not sent; text is trimmed. */
export const AgentRequestSchema = z.object({
  message: z.string().trim().min(1, 'Message is required').max(4000),
  context: AssistantContextSchema.default('general'),
});
export type AgentRequest = z.infer<typeof AgentRequestSchema>;

export const AgentResponseSchema = z.object({
  response: z.string(),
  context: AssistantContextSchema,
  model: z.string(),
  provider: z.string(),
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
