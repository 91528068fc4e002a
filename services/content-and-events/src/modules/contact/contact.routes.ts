import { contactRoutes } from '@jesus-walks/contracts/contact';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { identityOf } from '@jesus-walks/service-kit/guards';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import { linkSigningKeys } from '@jesus-walks/service-kit/signed-links';
import type { ContentDeps } from '../../deps';
import type { Env } from '../../env';
import {
  type ContactDeps,
  contactFormToken,
  listMessages,
  replyToMessage,
  sendContactMessage,
  updateMessageStatus,
} from './contact.service';
import { contactFormKeys } from './contact-form-token';
import { createAdminDirectory, workContactNotices } from './contact-notices';

/**
 * The contact form (public) and the admins' Messages tab; declares the worker that e-mails each
 * message to the admins.
 */
export function registerContactRoutes(app: ServiceApp, content: ContentDeps, env: Env): void {
  const deps: ContactDeps = { ...content, contactFormKeys: contactFormKeys(linkSigningKeys(env)) };
  const admins = createAdminDirectory(
    { identityUrl: env.IDENTITY_URL, internalToken: env.INTERNAL_TOKEN },
    content.logger,
  );
  app.addHook('onClose', async () => {
    await admins.close();
  });
  workContactNotices(content.jobs, content, admins);

  registerRoute(app, contactRoutes.formToken, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(contactFormToken(deps)),
  );
  registerRoute(app, contactRoutes.send, async (request, reply) => {
    const sent = await sendContactMessage(deps, request.body, {
      identity: request.identity,
      clientAddress: clientAddressOf(request),
      requestId: request.id,
    });
    return reply.code(201).send(sent);
  });
  registerRoute(app, contactRoutes.list, async (request) => listMessages(deps, request.query));
  registerRoute(app, contactRoutes.update, async (request) =>
    updateMessageStatus(deps, {
      id: request.params.id,
      status: request.body.status,
      admin: identityOf(request),
    }),
  );
  registerRoute(app, contactRoutes.reply, async (request, reply) =>
    reply
      .code(201)
      .send(
        await replyToMessage(deps, { id: request.params.id, body: request.body, admin: identityOf(request) }),
      ),
  );
}
