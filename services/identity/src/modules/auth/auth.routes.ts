import { authRoutes } from '@jesus-walks/contracts/auth';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { IdentityDeps } from '../../deps';
import { endSession, startSession } from '../sessions/start-session';
import {
  authenticate,
  changePassword,
  currentUser,
  FORGOT_PASSWORD_ANSWER,
  requestPasswordReset,
  resetPassword,
  resolveSession,
} from './auth.service';

export function registerAuthRoutes(app: ServiceApp, deps: IdentityDeps): void {
  registerRoute(app, authRoutes.me, async (request) => currentUser(deps, identityOf(request).id));

  registerRoute(app, authRoutes.logout, async (request, reply) => {
    await endSession(request, reply);
    return { message: 'Logged out' };
  });

  registerRoute(app, authRoutes.login, async (request, reply) => {
    const user = await authenticate(deps, {
      ...request.body,
      address: request.clientAddress,
      device: deps.deviceCookies.read(request),
    });
    await startSession(request, reply, user.id, deps.deviceCookies);
    return { user };
  });

  registerRoute(app, authRoutes.forgotPassword, async (request) => {
    const token = await requestPasswordReset(deps, {
      email: request.body.email,
      address: request.clientAddress,
    });
    return {
      message: FORGOT_PASSWORD_ANSWER,
      ...(deps.exposeResetToken && token ? { resetToken: token } : {}),
    };
  });

  registerRoute(app, authRoutes.resetPassword, async (request) => {
    await resetPassword(deps, { ...request.body, address: request.clientAddress });
    return { message: 'Your password has been reset. Please log in with your new password.' };
  });

  registerRoute(app, authRoutes.changePassword, async (request) => {
    await changePassword(deps, {
      ...request.body,
      caller: identityOf(request),
      currentSid: request.session.sessionId,
      address: clientAddressOf(request),
    });
    return { message: 'Password changed successfully' };
  });

  // The gateway calls this once per request that carries a session cookie, forwarding the cookie.
  registerRoute(app, authRoutes.resolveSession, async (request) =>
    resolveSession(deps, {
      sessionId: request.session.sessionId,
      userId: request.session.userId,
      authenticatedAt: request.session.authenticatedAt,
    }),
  );
}
