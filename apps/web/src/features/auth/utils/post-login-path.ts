import { matchWebRoute } from '@jesus-walks/contracts/web-routes';

/** The query parameter that carries where a member was going when they were asked to log in. */
export const NEXT_PARAM = 'next';

/** Pages a login never returns to: the auth pages themselves (a loop) and logging out. */
const NOT_RETURNED_TO = new Set(['/login', '/register', '/logout', '/forgot-password', '/reset-password']);

/**
 * The page a `?next=` names, when it is one of the site's own pages: a path on this origin (never
 * `//host` or `/\host`, which browsers read as another site) that the app has a route for. Anything
 * else is null, so a link cannot send someone who just logged in to another site.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://site.invalid') return null;
  const page = matchWebRoute(url.pathname);
  if (page === null || NOT_RETURNED_TO.has(page)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a user goes after logging in or registering (SPEC.md section 6): back to the page that sent
 * them to log in (`?next=`, one of the site's own pages), else /admin for an admin and / for others.
 */
export function postLoginPath(user: { isAdmin: boolean }, next?: string | null): string {
  return safeNextPath(next) ?? (user.isAdmin ? '/admin' : '/');
}

/** The login page's address that brings the visitor back to `path` afterwards. */
export function loginPathReturningTo(path: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}

/** SPEC.md section 9: the redirect after login waits 1 s, the one after a password reset 2 s. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const RESET_REDIRECT_DELAY_MS = 2000;
