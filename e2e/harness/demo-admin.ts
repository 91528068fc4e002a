import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/**
 * The demo administrator, as a newcomer finds them: the credentials the site printed at its first
 * start. console.spec.ts changes that password through the reset link printed in the console, to
 * CONSOLE_SPEC_PASSWORD; spec files run one after another in any order, so both are tried.
 */
export const CONSOLE_SPEC_PASSWORD = 'Changed-from-the-console-1';

export interface DemoAdmin {
  username: string;
  password: string;
  /** A fresh session's Cookie header, for calls to the admin API. */
  cookie: string;
}

/** The demo administrator's box in the site's console (username, printed password, e-mail). */
export function demoAdminBox(
  siteOutput: string = readFileSync(inject('siteLogPath'), 'utf8'),
): { username: string; password: string; email: string } | null {
  const box =
    /Demo administrator created[\s\S]*?username: (\S+)[\s\S]*?password: (\S+)[\s\S]*?forgot-password with[\s\S]*?(\S+@\S+);/.exec(
      siteOutput,
    );
  if (!box) return null;
  const [, username = '', password = '', email = ''] = box;
  return { username, password, email };
}

async function logIn(baseUrl: string, username: string, password: string): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username, password }),
  });
}

/** Logs the demo administrator in through the API with whichever password works now. */
export async function demoAdmin(baseUrl: string): Promise<DemoAdmin> {
  const box = demoAdminBox();
  if (!box) throw new Error('The site printed no demo administrator box');
  for (const password of [box.password, CONSOLE_SPEC_PASSWORD]) {
    const response = await logIn(baseUrl, box.username, password);
    if (response.status === 200) {
      const cookie = (response.headers.getSetCookie() ?? []).map((value) => value.split(';')[0]).join('; ');
      return { username: box.username, password, cookie };
    }
  }
  throw new Error('The demo administrator could log in with neither password');
}
