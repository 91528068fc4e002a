import { type AddressInfo, createServer } from 'node:net';
import type { AdminUser } from '@jesus-walks/contracts/users';
import { type QueuedMail, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { testSecrets } from '@jesus-walks/test-kit/test-service';
import Fastify from 'fastify';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { ContentAndEventsDatabase, EventsTable } from '../db/database';
import { REGISTRATION_NOTICES_QUEUE } from '../modules/registrations/registration-notices';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Seat-hold limits (env) high enough for tests that hold many seats as one client, as every test
 * request comes from one address. The limits are tested in event-quotes.routes.integration-test.ts.
 */
export const generousSeatHoldLimits: Record<string, string> = {
  SEAT_HOLDS_PER_EVENT_PER_CLIENT: '100000',
  SEAT_HOLDS_PER_CLIENT: '100000',
};

/** A date `days` from now (negative: in the past). */
export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * DAY);
}

let counter = 0;

/** Inserts an event straight into the table (past dates included), upcoming in 10 days by default. */
export async function insertTestEvent(
  db: Kysely<ContentAndEventsDatabase>,
  values: Partial<Insertable<EventsTable>> = {},
): Promise<number> {
  counter += 1;
  const row = await db
    .insertInto('events')
    .values({
      title: `Test Walk ${counter}`,
      description: 'A walk for the tests.',
      location: 'Napa, CA',
      date: daysFromNow(10),
      capacity: 10,
      price: 0,
      imageUrl: '/images/events/vineyard-loop.svg',
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * E-mails for an address, oldest first, once the queue has processed what was queued: the mail
 * jobs in this service's pg-boss tables are the outbox (`transport` says how each went out).
 * Waits for every queue due now, the registration notices included: a notice's job queues its
 * e-mails before it completes, so something is pending until they are sent. (A notice waiting
 * for a retry later is not waited for: see retryNoticesNow.)
 */
export async function outboxFor(db: Kysely<ContentAndEventsDatabase>, to: string): Promise<QueuedMail[]> {
  await waitForJobs(db);
  return queuedMailFor(db, to);
}

/** Registration notices waiting for a retry (identity was unreachable) are due now. */
export async function retryNoticesNow(db: Kysely<ContentAndEventsDatabase>): Promise<void> {
  await sql`update job set start_after = now()
    where name = ${REGISTRATION_NOTICES_QUEUE} and state = 'retry'`.execute(db);
}

/** A loopback port nothing listens on (a service that is down). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return port;
}

/**
 * Identity's internal user lookups, played by a tiny server that knows the given users. `calls`
 * counts the requests it answered (one batch lookup per list, never one per member). Options: a
 * fixed `port`, a slow identity (`delayMs` before each lookup answers), `onLookup` run as each
 * lookup arrives (before it is counted).
 */
export async function startFakeIdentity(
  users: AdminUser[],
  options: { port?: number; delayMs?: number; onLookup?: (ids: number[]) => unknown } = {},
): Promise<{ url: string; calls: { lookup: number; get: number }; close(): Promise<void> }> {
  const app = Fastify();
  const calls = { lookup: 0, get: 0 };
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers['x-internal-token'] !== testSecrets.INTERNAL_TOKEN) {
      return reply.code(401).send({ message: 'no token', code: 'unauthorized' });
    }
  });
  app.post<{ Body: { ids: number[] } }>('/internal/users/lookup', async (request) => {
    await options.onLookup?.(request.body.ids);
    calls.lookup += 1;
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    return users
      .filter((user) => request.body.ids.includes(user.id))
      .map(({ id, username, email }) => ({ id, username, email }));
  });
  app.get<{ Params: { id: string } }>('/internal/users/:id', async (request, reply) => {
    calls.get += 1;
    const user = users.find((candidate) => candidate.id === Number(request.params.id));
    if (!user) return reply.code(404).send({ message: 'User not found', code: 'not_found' });
    return user;
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => app.close() };
}

/** The token of the first link in a text that points at `path` (e.g. '/newsletter/confirm'). */
export function tokenOfLink(text: string, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?(?:token|cancel)=([^\\s&"<>]+)`).exec(text);
  if (!match?.[1]) throw new Error(`No link to ${path} in:\n${text}`);
  return decodeURIComponent(match[1]);
}
