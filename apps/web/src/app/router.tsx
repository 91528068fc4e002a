import { type WebRoutePath, webRoutePaths } from '@jesus-walks/contracts/web-routes';
import { type ComponentType, type LazyExoticComponent, lazy, useState } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

type LazyPage = LazyExoticComponent<ComponentType>;

/** A page's code, loaded on first visit (each page is its own chunk). */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/** One page per route of packages/contracts; the Record type makes a missing route a type error. */
export const pages: Record<WebRoutePath, LazyPage> = {
  '/': lazyPage(() => import('@/features/home/routes/home'), 'HomeRoute'),
  '/register': lazyPage(() => import('@/features/auth/routes/register'), 'RegisterRoute'),
  '/login': lazyPage(() => import('@/features/auth/routes/login'), 'LoginRoute'),
  '/logout': lazyPage(() => import('@/features/auth/routes/logout'), 'LogoutRoute'),
  '/forgot-password': lazyPage(() => import('@/features/auth/routes/forgot-password'), 'ForgotPasswordRoute'),
  '/reset-password': lazyPage(() => import('@/features/auth/routes/reset-password'), 'ResetPasswordRoute'),
  '/shop': lazyPage(() => import('@/features/shop/routes/shop'), 'ShopRoute'),
  '/cart': lazyPage(() => import('@/features/cart/routes/cart'), 'CartRoute'),
  '/checkout': lazyPage(() => import('@/features/checkout/routes/checkout'), 'CheckoutRoute'),
  '/order-confirmation': lazyPage(
    () => import('@/features/checkout/routes/order-confirmation'),
    'OrderConfirmationRoute',
  ),
  '/orders/status': lazyPage(() => import('@/features/checkout/routes/order-status'), 'OrderStatusRoute'),
  '/crypto/sandbox/:code': lazyPage(
    () => import('@/features/checkout/routes/crypto-sandbox-charge'),
    'CryptoSandboxChargeRoute',
  ),
  '/events': lazyPage(() => import('@/features/events/routes/events'), 'EventsRoute'),
  '/events/:id': lazyPage(() => import('@/features/events/routes/event-detail'), 'EventDetailRoute'),
  '/payment-test': lazyPage(() => import('@/features/checkout/routes/payment-test'), 'PaymentTestRoute'),
  '/test-deploy': lazyPage(() => import('./routes/test-deploy'), 'TestDeployRoute'),
  '/admin': lazyPage(() => import('@/features/admin/routes/admin-dashboard'), 'AdminDashboardRoute'),
  '/admin/seo': lazyPage(() => import('@/features/seo/routes/seo-dashboard'), 'SeoDashboardRoute'),
  '/ai-assistant': lazyPage(() => import('@/features/assistant/routes/ai-assistant'), 'AiAssistantRoute'),
  '/newsletter/confirm': lazyPage(
    () => import('@/features/newsletter/routes/newsletter-confirm'),
    'NewsletterConfirmRoute',
  ),
  '/newsletter/unsubscribe': lazyPage(
    () => import('@/features/newsletter/routes/newsletter-unsubscribe'),
    'NewsletterUnsubscribeRoute',
  ),
  '/contact': lazyPage(() => import('@/features/contact/routes/contact'), 'ContactRoute'),
  '/account': lazyPage(() => import('@/features/account/routes/account'), 'AccountRoute'),
  '/account/confirm-email': lazyPage(
    () => import('@/features/account/routes/confirm-email'),
    'ConfirmEmailRoute',
  ),
  '/account/claim-orders': lazyPage(
    () => import('@/features/account/routes/claim-orders'),
    'ClaimOrdersRoute',
  ),
  '/privacy': lazyPage(() => import('@/features/privacy/routes/privacy'), 'PrivacyRoute'),
  '/tickets/:token': lazyPage(() => import('@/features/tickets/routes/ticket'), 'TicketRoute'),
  '/lead': lazyPage(() => import('@/features/check-in/routes/leader-walks'), 'LeaderWalksRoute'),
  '/lead/walks/:id/check-in': lazyPage(() => import('@/features/check-in/routes/check-in'), 'CheckInRoute'),
};

const NotFoundPage = lazyPage(() => import('./routes/not-found'), 'NotFoundRoute');

function pageRoute(path: WebRoutePath): RouteObject {
  const Page = pages[path];
  return { path, element: <Page /> };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors inside a page render within the shell, so the header stays usable.
        errorElement: <RouteError />,
        children: [...webRoutePaths.map(pageRoute), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

/**
 * `hydrating`: the page came rendered from the server. The router then starts as a hydrated one
 * (no loaders, so no data to hand over), which keeps ScrollRestoration from scrolling to the top on
 * its first render: the visitor may have scrolled the rendered page before the app started.
 */
export function AppRouter({ hydrating = false }: { hydrating?: boolean }) {
  const [router] = useState(() =>
    createBrowserRouter(routes, hydrating ? { hydrationData: { loaderData: {} } } : undefined),
  );
  return <RouterProvider router={router} />;
}
