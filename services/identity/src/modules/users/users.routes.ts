import { userRoutes } from '@jesus-walks/contracts/users';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound } from '@jesus-walks/service-kit/errors';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { assertWithinLimits, recordAttempt } from '../rate-limits/rate-limits.service';
import type { DeviceCookies } from '../sessions/device-cookie';
import { startSession } from '../sessions/start-session';
import { findUserById, listUsers } from './users.repository';
import { createUser, listUsersPage, lookupUsers, updateUserAsAdmin } from './users.service';

export function registerUsersRoutes(
  app: ServiceApp,
  deps: { db: Kysely<IdentityDatabase>; deviceCookies: DeviceCookies },
): void {
  registerRoute(app, userRoutes.list, async () => listUsers(deps.db));

  registerRoute(app, userRoutes.adminList, async (request) => listUsersPage(deps.db, request.query));

  registerRoute(app, userRoutes.internalGet, async (request) => {
    const user = await findUserById(deps.db, request.params.id);
    if (!user) throw notFound('User not found');
    return user;
  });

  registerRoute(app, userRoutes.internalLookup, async (request) => lookupUsers(deps.db, request.body.ids));

  registerRoute(app, userRoutes.create, async (request, reply) => {
    if (request.identity?.isAdmin === true) {
      // An admin adding a user stays logged in as themselves.
      const user = await createUser(deps.db, request.body, request.identity);
      return reply.code(201).send(user);
    }
    // Registration: isAdmin from anyone but an admin is ignored, never honoured.
    await assertWithinLimits(deps.db, 'registration', null, request.clientAddress);
    await recordAttempt(deps.db, { kind: 'registration', accountKey: null, address: request.clientAddress });
    const user = await createUser(deps.db, request.body, null);
    await startSession(request, reply, user.id, deps.deviceCookies);
    return reply.code(201).send(user);
  });

  registerRoute(app, userRoutes.update, async (request) =>
    updateUserAsAdmin(deps.db, identityOf(request), request.params.id, request.body),
  );
}
