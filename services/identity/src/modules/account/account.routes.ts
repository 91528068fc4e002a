import { accountRoutes } from '@jesus-walks/contracts/account';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { IdentityDeps } from '../../deps';
import {
  confirmEmail,
  endAccountSession,
  endOtherSessions,
  getAccount,
  listAccountSessions,
  requestEmailChange,
  requestEmailVerification,
  updateAccount,
} from './account.service';

/**
 * A member's own account. The session of the request (its cookie, forwarded by the gateway) is
 * the one the sessions routes call "this one".
 */
export function registerAccountRoutes(app: ServiceApp, deps: IdentityDeps): void {
  registerRoute(app, accountRoutes.get, async (request) => getAccount(deps, identityOf(request).id));

  registerRoute(app, accountRoutes.update, async (request) =>
    updateAccount(deps, { userId: identityOf(request).id, name: request.body.name }),
  );

  registerRoute(app, accountRoutes.changeEmail, async (request, reply) => {
    const answer = await requestEmailChange(deps, {
      ...request.body,
      caller: identityOf(request),
      address: clientAddressOf(request),
    });
    return reply.code(202).send(answer);
  });

  registerRoute(app, accountRoutes.sendVerification, async (request, reply) => {
    const answer = await requestEmailVerification(deps, {
      caller: identityOf(request),
      address: clientAddressOf(request),
    });
    return reply.code(202).send(answer);
  });

  registerRoute(app, accountRoutes.confirmEmail, async (request) => confirmEmail(deps, request.body.token));

  registerRoute(app, accountRoutes.sessions, async (request) =>
    listAccountSessions(deps, { userId: identityOf(request).id, currentSid: request.session.sessionId }),
  );

  registerRoute(app, accountRoutes.endOtherSessions, async (request) =>
    endOtherSessions(deps, { userId: identityOf(request).id, currentSid: request.session.sessionId }),
  );

  registerRoute(app, accountRoutes.endSession, async (request) =>
    endAccountSession(deps, {
      userId: identityOf(request).id,
      currentSid: request.session.sessionId,
      handle: request.params.id,
    }),
  );
}
