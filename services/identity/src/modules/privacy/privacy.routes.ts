import { accountRoutes, DATA_EXPORT_EXPIRED } from '@jesus-walks/contracts/account';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { attachment } from '@jesus-walks/service-kit/csv';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { IdentityDeps } from '../../deps';
import { endSession } from '../sessions/start-session';
import { deleteOwnAccount, deleteUserAsAdmin } from './account-deletion.service';
import { currentDataExport, dataExportFile, requestDataExport } from './data-export.service';

/** A member's data: "Download my data" and "Delete my account" (issue 23), and an admin's deletion. */
export function registerPrivacyRoutes(app: ServiceApp, deps: IdentityDeps): void {
  registerRoute(app, accountRoutes.requestDataExport, async (request, reply) =>
    reply.code(202).send(await requestDataExport(deps, identityOf(request).id)),
  );

  registerRoute(app, accountRoutes.dataExport, async (request) =>
    currentDataExport(deps, identityOf(request).id),
  );

  registerRoute(app, accountRoutes.downloadDataExport, async (request, reply) => {
    const file = await dataExportFile(deps, { userId: identityOf(request).id, id: request.params.id });
    if (file.expired) return reply.code(410).send({ message: DATA_EXPORT_EXPIRED, code: 'gone' });
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'no-store')
      .send(Buffer.from(file.json));
  });

  registerRoute(app, accountRoutes.deleteAccount, async (request, reply) => {
    const answer = await deleteOwnAccount(deps, {
      caller: identityOf(request),
      currentPassword: request.body.currentPassword,
      address: clientAddressOf(request),
    });
    // Every session of the account is gone; this one's cookie goes too, and its device cookie,
    // which outlives a logout on purpose but names an account that is no more.
    await endSession(request, reply);
    deps.deviceCookies.forget(reply);
    return answer;
  });

  registerRoute(app, accountRoutes.adminDeleteUser, async (request) =>
    deleteUserAsAdmin(deps, { admin: identityOf(request), userId: request.params.id }),
  );
}
