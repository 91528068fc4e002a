import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound } from '@jesus-walks/service-kit/errors';
import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../../../db/database';
import { confirmSandboxPayment } from './sandbox.service';

export function sandboxRoutes(
  app: ServiceApp,
  deps: { db: Kysely<PaymentsDatabase>; jobs: JobQueue; sandboxOn: boolean },
): void {
  registerRoute(app, checkoutRoutes.sandboxConfirm, async (request) => {
    if (!deps.sandboxOn) throw notFound('The sandbox processor is off');
    return confirmSandboxPayment(deps, request.body);
  });
}
