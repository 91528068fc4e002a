import { CART_COOKIE, cartRoutes } from '@jesus-walks/contracts/cart';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { registerRoute } from '@jesus-walks/service-kit/routes';
import type { CatalogDeps } from '../../deps';
import { addToCart, isCartKey, newCartKey } from './cart.service';

const CART_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export function registerCartRoutes(
  app: ServiceApp,
  deps: CatalogDeps,
  options: { secureCookie: boolean },
): void {
  registerRoute(app, cartRoutes.add, async (request, reply) => {
    const userId = request.identity?.id ?? null;
    const existing = request.cookies[CART_COOKIE];
    let cartKey = isCartKey(existing) ? existing : null;
    // A visitor's first add opens an anonymous cart; a logged-in user's adds are theirs already.
    if (!cartKey && userId === null) cartKey = newCartKey();
    const result = await addToCart(deps, { ...request.body, owner: { userId, cartKey } });
    if (cartKey && cartKey !== existing) {
      reply.setCookie(CART_COOKIE, cartKey, {
        path: '/api/cart',
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookie,
        maxAge: CART_COOKIE_MAX_AGE_SECONDS,
      });
    }
    return result;
  });
}
