import {
  type AgentRequest,
  type AgentResponse,
  AgentResponseSchema,
  AgentStreamDeltaSchema,
  assistantRoutes,
} from '@jesus-walks/contracts/assistant';
import { ErrorResponseSchema } from '@jesus-walks/contracts/common';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, ApiResponseError, callApi, readApiAnswer } from '@/lib/api-client';
import { readSseEvents } from '../utils/sse-parser';

export type { AgentRequest, AgentResponse };

/** What the page shows when a question gets no answer (SPEC.md section 8). */
export const AGENT_FAILURE_MESSAGE = 'Failed to get response from AI agent. Please try again.';

/** The service's `error` event: the answer stopped (a timeout, the model unavailable). */
export class AgentStreamError extends Error {
  override readonly name = 'AgentStreamError';
  readonly code: string | undefined;

  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

export interface AskAssistantOptions {
  /** The answer's text so far, each time a piece of it arrives. */
  onText?: ((text: string) => void) | undefined;
  signal?: AbortSignal | undefined;
}

const agentPath = assistantRoutes.agent.path;

function eventData<S extends z.ZodType>(schema: S, event: string, data: string, status: number): z.output<S> {
  let payload: unknown = data;
  try {
    payload = JSON.parse(data) as unknown;
  } catch (error) {
    throw new ApiResponseError(
      `Invalid JSON in the '${event}' event`,
      { method: 'POST', path: agentPath, status, payload: data },
      { cause: error },
    );
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiResponseError(`Unexpected '${event}' event from server`, {
      method: 'POST',
      path: agentPath,
      status,
      payload,
      issues: parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    });
  }
  return parsed.data;
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

/**
 * The answer of POST /api/ai/agent asked with `Accept: text/event-stream` (the contract's comment
 * above AgentStreamDeltaSchema): `delta` events grow the text, `done` is the whole answer, `error`
 * stops it. A stream that ends without `done`, or an event of another shape, fails. An answer that
 * is not a stream (a 400, 404 or 429 refusal, or JSON) is read as callApi reads it.
 */
export async function readAgentStream(
  response: Response,
  onText?: (text: string) => void,
): Promise<AgentResponse> {
  if (!response.ok || !isEventStream(response) || !response.body) {
    return readApiAnswer(assistantRoutes.agent, response);
  }
  let text = '';
  for await (const { event, data } of readSseEvents(response.body)) {
    if (event === 'delta') {
      const delta = eventData(AgentStreamDeltaSchema, event, data, response.status);
      if (delta.text === '') continue;
      text += delta.text;
      onText?.(text);
    } else if (event === 'done') {
      return eventData(AgentResponseSchema, event, data, response.status);
    } else if (event === 'error') {
      const failure = eventData(ErrorResponseSchema, event, data, response.status);
      throw new AgentStreamError(failure.message, failure.code);
    }
    // Any other event is not for this page.
  }
  throw new AgentStreamError('The answer ended before it was complete');
}

function ask(body: AgentRequest, { onText, signal }: AskAssistantOptions): Promise<AgentResponse> {
  return callApi(assistantRoutes.agent, {
    body,
    headers: { Accept: 'text/event-stream' },
    signal,
    readResponse: (response) => readAgentStream(response, onText),
  });
}

/**
 * POST /api/ai/agent: the question in its context, continuing the conversation when there is one;
 * the answer streams (`onText` sees it grow) and ends with the reply, its model and provider, and
 * the conversation's id. A conversation the service no longer knows (404: a kept id from an
 * earlier session) gives way to a new one.
 */
export async function askAssistant(
  body: AgentRequest,
  options: AskAssistantOptions = {},
): Promise<AgentResponse> {
  try {
    return await ask(body, options);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404 && body.conversationId)) throw error;
    const { conversationId: _unknown, ...fresh } = body;
    return ask(fresh, options);
  }
}

export interface AskAssistantVariables {
  body: AgentRequest;
  onText?: ((text: string) => void) | undefined;
}

export function useAskAssistant() {
  return useMutation({
    mutationFn: ({ body, onText }: AskAssistantVariables) => askAssistant(body, { onText }),
    retry: false,
  });
}
