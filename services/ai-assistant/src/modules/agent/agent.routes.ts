import { type AgentRequest, assistantRoutes } from '@jesus-walks/contracts/assistant';
import { headers } from '@jesus-walks/contracts/common';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { DomainError } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AssistantDeps } from '../../deps';
import { AgentTimeoutError, askAgent } from './agent.service';
import type { Caller } from './agent.types';

export const AGENT_TIMEOUT_MESSAGE =
  'The assistant is taking too long to answer right now. Please try again in a moment.';
const FAILED_MESSAGE = 'The assistant could not answer right now. Please try again.';

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/**
 * POST /api/ai/agent. With `Accept: text/event-stream` the answer streams as server-sent events:
 * `delta` events ({text}) as it is produced, then `done` (the JSON answer), or `error`
 * ({message, code}). Refusals before the answer starts (400, 404, 429) stay plain JSON errors.
 */
export function registerAgentRoutes(app: ServiceApp, deps: AssistantDeps): void {
  registerRoute(app, assistantRoutes.agent, async (request, reply) => {
    const caller = { identity: request.identity, clientAddress: request.clientAddress };
    if (wantsStream(request)) return streamAnswer(deps, request, reply, caller);
    try {
      return await askAgent(deps, { request: request.body, caller, requestId: request.id });
    } catch (error) {
      if (!(error instanceof AgentTimeoutError)) throw error;
      request.log.warn({ timeoutMs: deps.timeoutMs }, 'assistant answer timed out');
      return reply.code(504).send({ message: AGENT_TIMEOUT_MESSAGE, code: 'timeout' });
    }
  });
}

async function streamAnswer(
  deps: AssistantDeps,
  request: FastifyRequest<{ Body: AgentRequest }>,
  reply: FastifyReply,
  caller: Caller,
): Promise<FastifyReply> {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    reply.hijack();
    const streamHeaders: Record<string, string> = {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      [headers.requestId]: request.id,
    };
    for (const [name, value] of Object.entries(streamHeaders)) reply.raw.setHeader(name, value);
    reply.raw.writeHead(200);
  };
  const send = (event: string, data: unknown) => {
    reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  try {
    const answer = await askAgent(deps, {
      request: request.body,
      caller,
      requestId: request.id,
      onAccepted: start,
      onDelta: (text) => {
        start();
        send('delta', { text });
      },
    });
    start();
    send('done', answer);
  } catch (error) {
    if (!started) {
      if (error instanceof AgentTimeoutError) {
        return reply.code(504).send({ message: AGENT_TIMEOUT_MESSAGE, code: 'timeout' });
      }
      throw error;
    }
    if (error instanceof AgentTimeoutError)
      send('error', { message: AGENT_TIMEOUT_MESSAGE, code: 'timeout' });
    else if (error instanceof DomainError && error.status < 500)
      send('error', { message: error.message, code: error.code });
    else {
      request.log.error({ err: error }, 'assistant answer failed');
      send('error', {
        message: error instanceof DomainError ? error.message : FAILED_MESSAGE,
        code: error instanceof DomainError ? error.code : 'internal_error',
      });
    }
  }
  reply.raw.end();
  return reply;
}
