import { authRoutes } from '@jesus-walks/contracts/auth';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { unauthorized } from '@jesus-walks/service-kit/errors';
import { identityOf } from '@jesus-walks/service-kit/guards';
import type { Mailer } from '@jesus-walks/service-kit/mailer';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import type { LoginLockoutPolicy } from '../rate-limits/rate-limits.service';
import type { DeviceCookies } from '../sessions/device-cookie';
import { endSession, startSession } from '../sessions/start-session';
import { findUserById } from '../users/users.repository';
import {
  authenticate,
  changePassword,
  FORGOT_PASSWORD_ANSWER,
  requestPasswordReset,
  resetPassword,
} from './auth.service';

export interface AuthRoutesDeps {
  db: Kysely<IdentityDatabase>;
  mailer: Mailer;
  publicOrigin: string;
  exposeResetToken: boolean;
  lockout: LoginLockoutPolicy;
  deviceCookies: DeviceCookies;
}

export function registerAuthRoutes(app: ServiceApp, deps: AuthRoutesDeps): void {
  registerRoute(app, authRoutes.me, async (request) => {
    const user = await findUserById(deps.db, identityOf(request).id);
    if (!user) throw unauthorized();
    return user;
  });

  registerRoute(app, authRoutes.logout, async (request, reply) => {
    await endSession(request, reply);
    return { message: 'Logged out' };
  });

  registerRoute(app, authRoutes.login, async (request, reply) => {
    const user = await authenticate(deps, request.body, {
      address: request.clientAddress,
      device: deps.deviceCookies.read(request),
    });
    await startSession(request, reply, user.id, deps.deviceCookies);
    return { user };
  });

  registerRoute(app, authRoutes.forgotPassword, async (request) => {
    const token = await requestPasswordReset(
      deps.db,
      { mailer: deps.mailer, publicOrigin: deps.publicOrigin },
      request.body.email,
      request.clientAddress,
    );
    return {
      message: FORGOT_PASSWORD_ANSWER,
      ...(deps.exposeResetToken && token ? { resetToken: token } : {}),
    };
  });

  registerRoute(app, authRoutes.resetPassword, async (request) => {
    await resetPassword(deps.db, request.body, request.clientAddress);
    return { message: 'Your password has been reset. Please log in with your new password.' };
  });

  registerRoute(app, authRoutes.changePassword, async (request) => {
    await changePassword(
      deps.db,
      identityOf(request),
      request.body,
      request.session.sessionId,
      clientAddressOf(request),
    );
    return { message: 'Password changed successfully' };
  });
}
