import { eventRoutes, IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '@jesus-walks/contracts/events';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { attachment } from '@jesus-walks/service-kit/csv';
import { DomainError } from '@jesus-walks/service-kit/errors';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { FastifyRequest } from 'fastify';
import type { ContentDeps } from '../../deps';
import {
  cancelForRefund,
  cancelRegistration,
  cancelWithGuestLink,
  listMyRegistrations,
  listRegistrationsForAdmin,
  promoteFromWaitlist,
  register,
  registrationsCsv,
  updateParty,
  walkStats,
} from './registrations.service';

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new DomainError('validation_failed', 'The request is not valid', [
      {
        path: ['headers', IDEMPOTENCY_KEY_HEADER],
        message: parsed.error.issues[0]?.message ?? 'Invalid value',
      },
    ]);
  }
  return parsed.data;
}

/** Registering for events, cancelling (and for payments' Cancel and refund), a member's own list and the admin's lists. */
export function registerRegistrationsRoutes(app: ServiceApp, deps: ContentDeps): void {
  registerRoute(app, eventRoutes.register, async (request, reply) => {
    const result = await register(deps, {
      eventId: request.params.id,
      identity: request.identity,
      clientAddress: clientAddressOf(request),
      userAgent: request.headers['user-agent'] ?? null,
      body: request.body,
      idempotencyKey: idempotencyKeyOf(request),
      requestId: request.id,
    });
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(201).send(result.registration);
  });

  registerRoute(app, eventRoutes.cancelRegistration, async (request) =>
    cancelRegistration(deps, {
      eventId: request.params.id,
      registrationId: request.params.registrationId,
      actor: { kind: 'member', identity: identityOf(request) },
      requestId: request.id,
    }),
  );

  registerRoute(app, eventRoutes.updateParty, async (request) =>
    updateParty(deps, {
      eventId: request.params.id,
      registrationId: request.params.registrationId,
      identity: identityOf(request),
      party: request.body.party,
      requestId: request.id,
    }),
  );

  registerRoute(app, eventRoutes.cancelAsGuest, async (request) =>
    cancelWithGuestLink(deps, {
      eventId: request.params.id,
      token: request.body.token,
      requestId: request.id,
    }),
  );

  // Payments' Cancel and refund: the registration is cancelled here first, then its payment refunded.
  registerRoute(app, eventRoutes.internalCancelRegistration, async (request) =>
    cancelForRefund(deps, request.body, request.id),
  );

  registerRoute(app, eventRoutes.myRegistrations, async (request) =>
    listMyRegistrations(deps, identityOf(request)),
  );

  registerRoute(app, eventRoutes.listRegistrations, async (request) =>
    listRegistrationsForAdmin(deps, request.params.id, request.id),
  );

  registerRoute(app, eventRoutes.promoteFromWaitlist, async (request) =>
    promoteFromWaitlist(deps, {
      eventId: request.params.id,
      registrationId: request.params.registrationId,
      actor: identityOf(request),
      requestId: request.id,
    }),
  );

  registerRoute(app, eventRoutes.adminStats, async (request) => walkStats(deps, request.query.days));

  registerRoute(app, eventRoutes.registrationsCsv, async (request, reply) => {
    const list = await listRegistrationsForAdmin(deps, request.params.id, request.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(`event-${request.params.id}-registrations.csv`))
      .header('cache-control', 'no-store')
      .send(registrationsCsv(list));
  });
}
