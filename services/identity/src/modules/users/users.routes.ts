import { userRoutes } from '@jesus-walks/contracts/users';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { IdentityDeps } from '../../deps';
import { startSession } from '../sessions/start-session';
import {
  createUser,
  getUser,
  listAdmins,
  listAllUsers,
  listUsersPage,
  lookupUsers,
  registerUser,
  updateUserAsAdmin,
} from './users.service';

export function registerUsersRoutes(app: ServiceApp, deps: IdentityDeps): void {
  registerRoute(app, userRoutes.list, async () => listAllUsers(deps));

  registerRoute(app, userRoutes.adminList, async (request) => listUsersPage(deps, request.query));

  registerRoute(app, userRoutes.internalGet, async (request) => getUser(deps, request.params.id));

  registerRoute(app, userRoutes.internalLookup, async (request) => lookupUsers(deps, request.body.ids));

  registerRoute(app, userRoutes.internalAdmins, async () => listAdmins(deps));

  registerRoute(app, userRoutes.create, async (request, reply) => {
    if (request.identity?.isAdmin === true) {
      // An admin adding a user stays logged in as themselves.
      const user = await createUser(deps, { user: request.body, admin: request.identity });
      return reply.code(201).send(user);
    }
    // Registration: isAdmin from anyone but an admin is ignored, never honoured.
    const user = await registerUser(deps, { user: request.body, address: request.clientAddress });
    await startSession(request, reply, user.id, deps.deviceCookies);
    return reply.code(201).send(user);
  });

  registerRoute(app, userRoutes.update, async (request) =>
    updateUserAsAdmin(deps, { admin: identityOf(request), id: request.params.id, changes: request.body }),
  );
}
