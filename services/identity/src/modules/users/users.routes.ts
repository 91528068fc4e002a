import { userRoutes } from '@jesus-walks/contracts/users';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { listUsers } from './users.repository';

const [listUsersRoute] = userRoutes;

export function usersRoutes(app: ServiceApp, deps: { db: Kysely<IdentityDatabase> }): void {
  registerRoute(app, listUsersRoute, async () => listUsers(deps.db));
}
