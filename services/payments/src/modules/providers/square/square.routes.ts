import { squareRoutes } from '@jesus-walks/contracts/payments';
import { clientAddressOf } from '@jesus-walks/service-kit/client-address';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { PaymentsDeps } from '../../../deps';
import { receiveWebhook } from '../../webhooks/webhooks.service';
import { SQUARE_NOT_CONFIGURED } from '../providers';
import { adoptFromWebhook, payWithSquare, squareConfig } from './square.service';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Square's card form: its configuration, the charge of its token, and Square's webhooks. */
export function registerSquareRoutes(app: ServiceApp, deps: PaymentsDeps): void {
  registerRoute(app, squareRoutes.config, async () => squareConfig(deps));
  registerRoute(app, squareRoutes.pay, async (request) =>
    payWithSquare(deps, request.body, {
      identity: request.identity,
      clientAddress: clientAddressOf(request),
    }),
  );

  // Square signs the exact bytes (with the notification URL): in this encapsulated plugin, and
  // nowhere else, the body is kept as the raw Buffer.
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    registerRoute(scoped as ServiceApp, squareRoutes.webhook, async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['x-square-hmacsha256-signature'];
      const signature = Array.isArray(header) ? header[0] : header;
      const square = deps.providers.square;
      if (square) {
        // A forged event fails here and again, with its 400, in receiveWebhook.
        const event = await Promise.resolve(square.parseWebhook(rawBody, signature)).catch(() => null);
        if (event) await adoptFromWebhook(deps, event);
      }
      const { duplicate: _ignored, ...ack } = await receiveWebhook(
        deps,
        square,
        rawBody,
        signature,
        SQUARE_NOT_CONFIGURED,
      );
      return ack;
    });
  });
}
