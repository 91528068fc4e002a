import { checkoutRoutes } from '@jesus-walks/contracts/checkout';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../deps';
import { STRIPE_NOT_CONFIGURED } from '../providers/providers';
import { SANDBOX_OFF } from '../providers/sandbox/sandbox.service';
import { receiveWebhook } from './webhooks.service';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

const signatureOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The processors' webhooks. Their signatures cover the exact bytes sent, so in this encapsulated
 * plugin (and nowhere else) every body is kept as the raw Buffer instead of parsed JSON.
 */
export function registerWebhooksRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    const raw = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

    registerRoute(scoped as ServiceApp, checkoutRoutes.stripeWebhook, async (request) => {
      const { duplicate: _ignored, ...ack } = await receiveWebhook(
        deps,
        deps.providers.stripe,
        raw(request.body),
        signatureOf(request.headers['stripe-signature']),
        STRIPE_NOT_CONFIGURED,
      );
      return ack;
    });
    registerRoute(scoped as ServiceApp, checkoutRoutes.sandboxWebhook, async (request) => {
      const { duplicate: _ignored, ...ack } = await receiveWebhook(
        deps,
        deps.providers.sandbox,
        raw(request.body),
        signatureOf(request.headers['stripe-signature']),
        SANDBOX_OFF,
      );
      return ack;
    });
  });
}
