import { accountRoutes } from './account';
import { assistantPeerRoutes, assistantRoutes, knowledgeRoutes } from './assistant';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { cartRoutes } from './cart';
import { checkoutRoutes } from './checkout';
import { contactRoutes } from './contact';
import { eventRoutes } from './events';
import { newsletterRoutes } from './newsletter';
import { orderRoutes } from './orders';
import { cryptoRoutes, orderPaymentRoutes, safekeyRoutes, squareRoutes, walletRoutes } from './payments';
import { privacyRoutes } from './privacy';
import { productRoutes } from './products';
import type { RouteContract } from './route-contract';
import { seoRoutes } from './seo';
import { eventSeriesRoutes } from './series';
import type { ServiceName } from './services';
import { shippingRoutes } from './shipping';
import { userRoutes } from './users';
import { waiverRoutes } from './waivers';

/** The route table: every HTTP route of every service. Adding a route is one entry here. */
export const routeTable: readonly RouteContract[] = [
  authRoutes,
  userRoutes,
  accountRoutes,
  productRoutes,
  cartRoutes,
  shippingRoutes,
  orderRoutes,
  checkoutRoutes,
  squareRoutes,
  safekeyRoutes,
  walletRoutes,
  cryptoRoutes,
  orderPaymentRoutes,
  eventRoutes,
  eventSeriesRoutes,
  waiverRoutes,
  newsletterRoutes,
  contactRoutes,
  auditRoutes,
  privacyRoutes,
  seoRoutes,
  assistantRoutes,
  assistantPeerRoutes,
  knowledgeRoutes,
].flatMap((domain) => Object.values(domain));

export function routesOf(service: ServiceName): RouteContract[] {
  return routeTable.filter((route) => route.service === service);
}

/** Routes the gateway exposes (everything but internal ones). */
export function publicRouteTable(): RouteContract[] {
  return routeTable.filter((route) => route.access !== 'internal');
}
