import { cryptoRoutes } from '@jesus-walks/contracts/payments';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { notFound } from '@jesus-walks/service-kit/errors';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import { receiveWebhook } from '../webhooks/webhooks.service';
import {
  type CryptoDeps,
  completeSandboxCharge,
  exchangeRates,
  expireSandboxCharge,
  processCryptoPayment,
  sandboxChargeView,
  verifyCryptoPayment,
} from './crypto.service';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Crypto payments: rates, charges, verification, the sandbox's hosted charge and Coinbase's webhooks. */
export function registerCryptoRoutes(app: ServiceApp, deps: CryptoDeps): void {
  registerRoute(app, cryptoRoutes.exchangeRates, async () => exchangeRates(deps));
  registerRoute(app, cryptoRoutes.stripeProcessPayment, async (request) =>
    processCryptoPayment(deps, 'stripe', request.body),
  );
  registerRoute(app, cryptoRoutes.coinbaseProcessPayment, async (request) =>
    processCryptoPayment(deps, 'coinbase', request.body),
  );
  registerRoute(app, cryptoRoutes.verifyPayment, async (request) => verifyCryptoPayment(deps, request.body));

  const sandboxOn = () => {
    if (!deps.providers.sandbox) throw notFound('The sandbox processor is off');
  };
  registerRoute(app, cryptoRoutes.sandboxCharge, async (request) => {
    sandboxOn();
    return sandboxChargeView(deps, request.params.code);
  });
  registerRoute(app, cryptoRoutes.sandboxChargeComplete, async (request) => {
    sandboxOn();
    return completeSandboxCharge(deps, request.params.code, request.body.paymentSecret);
  });
  registerRoute(app, cryptoRoutes.sandboxChargeExpire, async (request) => {
    sandboxOn();
    return expireSandboxCharge(deps, request.params.code, request.body.paymentSecret);
  });

  // Coinbase signs the exact bytes it sends: this scope keeps every body as the raw Buffer.
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    registerRoute(scoped as ServiceApp, cryptoRoutes.coinbaseWebhook, async (request) => {
      const header = request.headers['x-cc-webhook-signature'];
      const { duplicate: _ignored, ...ack } = await receiveWebhook(
        deps,
        deps.providers.coinbase,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        Array.isArray(header) ? header[0] : header,
        'Coinbase Commerce is not configured',
      );
      return ack;
    });
  });
}
