import { authRoutes } from '@jesus-walks/contracts/auth';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { unauthorized } from '@jesus-walks/service-kit/errors';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { findUserById } from '../users/users.repository';

const [meRoute, logoutRoute] = authRoutes;

export function authRoutesModule(app: ServiceApp, deps: { db: Kysely<IdentityDatabase> }): void {
  registerRoute(app, meRoute, async (request) => {
    const user = await findUserById(deps.db, identityOf(request).id);
    if (!user) throw unauthorized();
    return user;
  });

  registerRoute(app, logoutRoute, async (request) => {
    if (request.session.userId !== undefined || request.session.sessionId) {
      await request.session.destroy();
    }
    return { message: 'Logged out' };
  });
}
