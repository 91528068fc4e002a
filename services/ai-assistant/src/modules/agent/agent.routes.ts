import { assistantRoutes } from '@jesus-walks/contracts/assistant';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import { type AgentDeps, AgentTimeoutError, askAgent } from './agent.service';

export const AGENT_TIMEOUT_MESSAGE =
  'The assistant is taking too long to answer right now. Please try again in a moment.';

export function agentRoutes(app: ServiceApp, deps: AgentDeps): void {
  registerRoute(app, assistantRoutes.agent, async (request, reply) => {
    try {
      return await askAgent(
        deps,
        request.body,
        { identity: request.identity, clientAddress: request.clientAddress },
        request.id,
      );
    } catch (error) {
      if (!(error instanceof AgentTimeoutError)) throw error;
      request.log.warn({ timeoutMs: deps.timeoutMs }, 'assistant answer timed out');
      return reply.code(504).send({ message: AGENT_TIMEOUT_MESSAGE, code: 'timeout' });
    }
  });
}
