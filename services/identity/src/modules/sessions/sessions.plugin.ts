import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { SESSION_COOKIE_NAME } from '@jesus-walks/contracts/constants';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';
import { createSessionStore, type SessionLifetimes } from './session-store';

export { SESSION_COOKIE_NAME };

export interface SessionsPluginOptions {
  db: Kysely<IdentityDatabase>;
  /** The signing secret first; while it is rotated, the other one too (cookies it signed stay valid). */
  secrets: readonly string[];
  /** Cookies are Secure when the site is served over https. */
  secureCookie: boolean;
  lifetimes: SessionLifetimes;
}

/** Cookie sessions (ARCHITECTURE.md section 3): httpOnly, SameSite=Lax, Secure over https, stored in Postgres. */
export const sessionsPlugin = fp<SessionsPluginOptions>(
  async (app, options) => {
    if (options.secureCookie) {
      // Browsers reach identity only through the gateway, over the site's https (PUBLIC_ORIGIN);
      // the hop from the gateway is plain http inside the network. @fastify/session never sends a
      // Secure cookie on a connection it sees as http, and never saves the session either: a
      // login would answer 200 with no session. The connection that counts is the browser's.
      app.addHook('onRequest', async (request) => {
        Object.defineProperty(request, 'protocol', { value: 'https' });
      });
    }
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: [...options.secrets],
      cookieName: SESSION_COOKIE_NAME,
      saveUninitialized: false,
      rolling: true,
      store: createSessionStore(options.db, options.lifetimes),
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookie,
        path: '/',
        maxAge: options.lifetimes.idleMs,
      },
    });
  },
  { name: 'sessions' },
);
