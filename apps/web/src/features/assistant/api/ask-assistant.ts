import { type AgentRequest, type AgentResponse, assistantRoutes } from '@jesus-walks/contracts/assistant';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi } from '@/lib/api-client';

export type { AgentRequest, AgentResponse };

/** What the page shows when a question gets no answer (SPEC.md section 8). */
export const AGENT_FAILURE_MESSAGE = 'Failed to get response from AI agent. Please try again.';

/**
 * POST /api/ai/agent: the question in its context, continuing the conversation when there is one;
 * answers the reply with its model and provider, and the conversation's id. A conversation the
 * service no longer knows (404: a kept id from an earlier session) gives way to a new one.
 */
export async function askAssistant(body: AgentRequest): Promise<AgentResponse> {
  try {
    return await callApi(assistantRoutes.agent, { body });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404 && body.conversationId)) throw error;
    const { conversationId: _unknown, ...fresh } = body;
    return callApi(assistantRoutes.agent, { body: fresh });
  }
}

export function useAskAssistant() {
  return useMutation({ mutationFn: askAssistant, retry: false });
}
