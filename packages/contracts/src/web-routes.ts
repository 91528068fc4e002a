/**
 * Every route of the web app (SPEC.md section 2). The router registers exactly these, and the
 * gateway answers them with index.html and status 200; any other non-API path gets the app's
 * 404 page with status 404.
 */
export const webRoutePaths = [
  '/',
  '/register',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/shop',
  '/cart',
  '/checkout',
  '/order-confirmation',
  '/orders/status',
  '/crypto/sandbox/:code',
  '/events',
  '/events/:id',
  '/payment-test',
  '/test-deploy',
  '/admin',
  '/admin/seo',
  '/ai-assistant',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
] as const;

export type WebRoutePath = (typeof webRoutePaths)[number];

/** True when a request path (without query) is one of the app's routes. */
export function isWebRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return webRoutePaths.some((pattern) => {
    if (!pattern.includes(':')) return pattern === path;
    const patternParts = pattern.split('/');
    const pathParts = path.split('/');
    return (
      patternParts.length === pathParts.length &&
      patternParts.every((part, i) =>
        part.startsWith(':') ? (pathParts[i] ?? '') !== '' : part === pathParts[i],
      )
    );
  });
}
