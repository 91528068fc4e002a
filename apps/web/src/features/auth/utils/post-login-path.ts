/** Where a user goes after logging in or registering (SPEC.md section 6): /admin for an admin, else /. */
export function postLoginPath(user: { isAdmin: boolean }): '/admin' | '/' {
  return user.isAdmin ? '/admin' : '/';
}

/** SPEC.md section 9: the redirect after login waits 1 s, the one after a password reset 2 s. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;
export const RESET_REDIRECT_DELAY_MS = 2000;
