import { siteConsole } from './site-console';

/**
 * The demo administrator, as a newcomer finds them: the credentials the site printed at its first
 * start. Spec files run at the same time against the one shared site, several of them logged in as
 * this administrator, so no spec changes them there: a new password (even through a reset link)
 * ends every session of the user. console.spec.ts, which resets it, does so on a site of its own.
 */

export interface DemoAdmin {
  username: string;
  password: string;
  /** A fresh session's Cookie header, for calls to the admin API. */
  cookie: string;
}

/** The demo administrator's box in the site's console (username, printed password, e-mail). */
export function demoAdminBox(
  siteOutput: string = siteConsole(),
): { username: string; password: string; email: string } | null {
  const box =
    /Demo administrator created[\s\S]*?username: (\S+)[\s\S]*?password: (\S+)[\s\S]*?forgot-password with[\s\S]*?(\S+@\S+);/.exec(
      siteOutput,
    );
  if (!box) return null;
  const [, username = '', password = '', email = ''] = box;
  return { username, password, email };
}

/** Logs the demo administrator in through the API with the password the site printed. */
export async function demoAdmin(baseUrl: string): Promise<DemoAdmin> {
  const box = demoAdminBox();
  if (!box) throw new Error('The site printed no demo administrator box');
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: box.username, password: box.password }),
  });
  if (response.status !== 200) {
    throw new Error(`The demo administrator could not log in (${response.status}): ${await response.text()}`);
  }
  const cookie = (response.headers.getSetCookie() ?? []).map((value) => value.split(';')[0]).join('; ');
  return { username: box.username, password: box.password, cookie };
}
