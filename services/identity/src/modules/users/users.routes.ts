import { userRoutes } from '@jesus-walks/contracts/users';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { findUserById, listUsers } from './users.repository';

const [listUsersRoute, internalUserRoute] = userRoutes;

export function usersRoutes(app: ServiceApp, deps: { db: Kysely<IdentityDatabase> }): void {
  registerRoute(app, listUsersRoute, async () => listUsers(deps.db));
  registerRoute(app, internalUserRoute, async (request) => {
    const user = await findUserById(deps.db, request.params.id);
    if (!user) throw notFound('User not found');
    return user;
  });
}
