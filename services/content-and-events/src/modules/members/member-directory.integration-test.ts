import type { Identity } from '@jesus-walks/contracts/common';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { insertTestEvent, outboxFor, startFakeIdentity } from '../../testing/helpers';

let content: TestService<Env, ContentAndEventsDatabase>;
let identity: Awaited<ReturnType<typeof startFakeIdentity>>;

const members: Identity[] = [5301, 5302, 5303].map((id) => ({ id, username: `walker${id}`, isAdmin: false }));
const stranger: Identity = { id: 5399, username: 'unknown-to-identity', isAdmin: false };

beforeAll(async () => {
  identity = await startFakeIdentity(
    members.map((member) => ({ ...member, email: `${member.username}@example.com`, isVerified: true })),
  );
  content = await startTestService(service, {
    IDENTITY_URL: identity.url,
    PUBLIC_ORIGIN: 'https://walks.example',
  });
});
afterAll(async () => {
  await content.close();
  await identity.close();
});

async function register(eventId: number, who: Identity) {
  const url = `/api/events/${eventId}/registrations`;
  const response = await content.app.inject({
    method: 'POST',
    url,
    headers: await identityHeaders(who, 'POST', url),
    payload: {},
  });
  expect(response.statusCode).toBe(201);
}

describe("members' names and e-mails come from identity's batch lookup", () => {
  it('lists many registrants with one call; a member identity does not know stays nameless', async () => {
    const eventId = await insertTestEvent(content.db);
    for (const who of [...members, stranger]) await register(eventId, who);

    const before = { ...identity.calls };
    const url = `/api/events/${eventId}/registrations`;
    const list = await content.app.inject({
      method: 'GET',
      url,
      headers: await identityHeaders(testAdmin, 'GET', url),
    });
    expect(list.statusCode).toBe(200);
    expect(identity.calls.lookup - before.lookup).toBe(1);
    expect(identity.calls.get).toBe(0);
    const rows = list.json().registrations as Array<{ userId: number; name: string; email: string | null }>;
    expect(rows.map((row) => [row.name, row.email])).toEqual([
      ...members.map((member) => [member.username, `${member.username}@example.com`]),
      [`User ${stranger.id}`, null],
    ]);
  });

  it('cancelling an event tells every registrant after one lookup, the notice queued with the change', async () => {
    const eventId = await insertTestEvent(content.db);
    for (const who of members) await register(eventId, who);

    const before = identity.calls.lookup;
    const url = `/api/events/${eventId}`;
    const response = await content.app.inject({
      method: 'DELETE',
      url,
      headers: await identityHeaders(testAdmin, 'DELETE', url),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'cancelled', notified: 3 });
    for (const member of members) {
      const mails = await outboxFor(content.db, `${member.username}@example.com`);
      expect(mails.at(-1)?.subject).toMatch(/^Cancelled: /);
    }
    // Asked by the notice's job once the change committed (never under the event's lock).
    expect(identity.calls.lookup - before).toBe(1);
  });
});
