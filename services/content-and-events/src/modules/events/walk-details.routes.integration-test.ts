import { AdminEventSchema, EventSchema } from '@jesus-walks/contracts/events';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ContentAndEventsDatabase } from '../../db/database';
import { seed, seedEvents, seededWalkCount } from '../../db/seed';
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, insertTestEvent } from '../../testing/helpers';

// A walk's details (issue 24): stored, validated, shown to everyone, except the leader's contact
// for the day, which only the admin's reads carry.

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service);
});
afterAll(async () => {
  await content.close();
});

const LEADER_PHONE = '(707) 555-0128';

function summitInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Mount St. Helena Summit Hike',
    description: 'Up the Stevenson Memorial Trail to the summit.',
    location: 'Robert Louis Stevenson State Park, Calistoga, CA',
    date: daysFromNow(30).toISOString(),
    capacity: 12,
    price: 15,
    imageUrl: null,
    distanceMiles: 10,
    elevationGainFeet: 2300,
    difficulty: 'challenging',
    durationMinutes: 360,
    minimumAge: 12,
    familyFriendly: false,
    dogsAllowed: false,
    accessibilityNotes: 'Steep and rocky; not suitable for wheelchairs or strollers.',
    meetingPoint: { latitude: 38.6528, longitude: -122.5999 },
    whatToBring: '2 liters of water and lunch.',
    leaderContactName: 'Joel Martin',
    leaderContactPhone: LEADER_PHONE,
    ...overrides,
  };
}

async function send(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  return content.app.inject({ method, url, headers: await identityHeaders(testAdmin, method, url), payload });
}

async function createWalk(overrides: Record<string, unknown> = {}) {
  const response = await send('POST', '/api/events', summitInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return AdminEventSchema.parse(response.json());
}

/** The validation messages of a refused admin form, by the field they are about ('meetingPoint.longitude'). */
async function refusedWith(payload: Record<string, unknown>): Promise<Record<string, string>> {
  const response = await send('POST', '/api/events', payload);
  expect(response.statusCode).toBe(400);
  const body = response.json() as { code: string; issues: Array<{ path: string[]; message: string }> };
  expect(body.code).toBe('validation_failed');
  return Object.fromEntries(body.issues.map((issue) => [issue.path.slice(1).join('.'), issue.message]));
}

describe("a walk's details", () => {
  it('are stored with the walk and read by everyone, the leader’s contact by the admin only', async () => {
    const created = await createWalk();
    expect(created).toMatchObject({
      distanceMiles: 10,
      elevationGainFeet: 2300,
      difficulty: 'challenging',
      durationMinutes: 360,
      minimumAge: 12,
      familyFriendly: false,
      dogsAllowed: false,
      accessibilityNotes: 'Steep and rocky; not suitable for wheelchairs or strollers.',
      meetingPoint: { latitude: 38.6528, longitude: -122.5999 },
      whatToBring: '2 liters of water and lunch.',
      leaderContactName: 'Joel Martin',
      leaderContactPhone: LEADER_PHONE,
    });

    const one = await content.app.inject({ url: `/api/events/${created.id}` });
    expect(one.statusCode).toBe(200);
    const {
      leaderContactName: _name,
      leaderContactPhone: _phone,
      earlyReminderDays: _early,
      dayReminderTime: _day,
      ...publicFields
    } = created;
    expect(EventSchema.parse(one.json())).toEqual(publicFields);
    const list = await content.app.inject({ url: '/api/events' });
    expect(list.statusCode).toBe(200);
    for (const body of [one.body, list.body]) {
      expect(body).not.toContain('555-0128');
      expect(body).not.toContain('Joel Martin');
      expect(body).not.toContain('leaderContact');
    }

    const adminList = await content.app.inject({
      url: '/api/admin/events',
      headers: await identityHeaders(testAdmin, 'GET', '/api/admin/events'),
    });
    expect(adminList.statusCode).toBe(200);
    const listed = z.array(AdminEventSchema).parse(adminList.json());
    expect(listed.find((event) => event.id === created.id)).toEqual(created);

    // The activity record says the leader's phone was set, never the number.
    const entry = await content.db
      .selectFrom('auditLog')
      .select('changes')
      .where('action', '=', 'event.created')
      .where('targetId', '=', String(created.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.changes)).not.toContain('555-0128');
    expect(entry.changes).toMatchObject({ leaderContactPhone: { from: 'unchanged', to: 'changed' } });
  });

  it('keeps the admin list from visitors (401) and members (403)', async () => {
    expect((await content.app.inject({ url: '/api/admin/events' })).statusCode).toBe(401);
    const member = await content.app.inject({
      url: '/api/admin/events',
      headers: await identityHeaders(testUser, 'GET', '/api/admin/events'),
    });
    expect(member.statusCode).toBe(403);
  });

  it('may all be left out: a walk without them has none, and both marks off', async () => {
    const created = await createWalk({
      distanceMiles: undefined,
      elevationGainFeet: undefined,
      difficulty: undefined,
      durationMinutes: undefined,
      minimumAge: undefined,
      familyFriendly: undefined,
      dogsAllowed: undefined,
      accessibilityNotes: undefined,
      meetingPoint: undefined,
      whatToBring: '  ',
      leaderContactName: undefined,
      leaderContactPhone: null,
    });
    expect(created).toMatchObject({
      distanceMiles: null,
      elevationGainFeet: null,
      difficulty: null,
      durationMinutes: null,
      minimumAge: null,
      familyFriendly: false,
      dogsAllowed: false,
      accessibilityNotes: null,
      meetingPoint: null,
      // Blank is none.
      whatToBring: null,
      leaderContactName: null,
      leaderContactPhone: null,
    });
    // A walk stored before the details existed reads the same.
    const older = await insertTestEvent(content.db);
    expect(
      EventSchema.parse((await content.app.inject({ url: `/api/events/${older}` })).json()),
    ).toMatchObject({ difficulty: null, meetingPoint: null, familyFriendly: false, dogsAllowed: false });
  });

  it('are each validated, with a message that says what is wrong', async () => {
    expect(
      await refusedWith(
        summitInput({
          distanceMiles: 0,
          elevationGainFeet: 2.5,
          difficulty: 'hard',
          durationMinutes: 5,
          minimumAge: 0,
          accessibilityNotes: 'x'.repeat(1001),
          meetingPoint: { latitude: 95, longitude: -200 },
          leaderContactPhone: 'call the office',
        }),
      ),
    ).toEqual({
      distanceMiles: 'Distance must be between 0.1 and 100 miles',
      elevationGainFeet: 'Elevation gain is in whole feet',
      difficulty: 'Difficulty must be easy, moderate or challenging',
      durationMinutes: 'Duration must be between 15 minutes and 24 hours',
      minimumAge: 'Minimum age must be between 1 and 99',
      accessibilityNotes: 'Accessibility notes cannot exceed 1000 characters',
      'meetingPoint.latitude': 'Latitude must be between -90 and 90',
      'meetingPoint.longitude': 'Longitude must be between -180 and 180',
      leaderContactPhone: 'Leader phone must be a phone number, e.g. (707) 555-0123',
    });
    expect(
      await refusedWith(
        summitInput({ distanceMiles: 4.25, elevationGainFeet: 20_000, meetingPoint: { latitude: 38.65 } }),
      ),
    ).toEqual({
      distanceMiles: 'Distance has at most one decimal (4.2 miles)',
      elevationGainFeet: 'Elevation gain must be between 0 and 15,000 feet',
      'meetingPoint.longitude': 'Give both the latitude and the longitude of the meeting point, or neither',
    });
    expect(await refusedWith(summitInput({ distanceMiles: '4 miles', minimumAge: 8.5 }))).toEqual({
      distanceMiles: 'Distance must be a number',
      minimumAge: 'Minimum age must be a whole number',
    });
  });

  it('are replaced by an update, and the activity record names what changed', async () => {
    const created = await createWalk();
    const url = `/api/events/${created.id}`;
    const updated = await send(
      'PUT',
      url,
      summitInput({
        difficulty: 'moderate',
        meetingPoint: { latitude: 38.6531, longitude: -122.6 },
        leaderContactPhone: undefined,
        date: created.date,
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(AdminEventSchema.parse(updated.json())).toMatchObject({
      difficulty: 'moderate',
      distanceMiles: 10,
      meetingPoint: { latitude: 38.6531, longitude: -122.6 },
      // Left out of a PUT: cleared.
      leaderContactPhone: null,
      leaderContactName: 'Joel Martin',
    });
    const records = () =>
      content.db
        .selectFrom('auditLog')
        .select(['summary', 'changes'])
        .where('targetType', '=', 'event')
        .where('targetId', '=', String(created.id))
        .where('action', '=', 'event.updated')
        .execute();
    const [record, ...others] = await records();
    expect(others).toEqual([]);
    expect(record?.summary).toBe(
      `Changed the difficulty, meeting point on the map and leader's phone of the event "Mount St. Helena Summit Hike".`,
    );
    expect(record?.changes).toMatchObject({ difficulty: { from: 'challenging', to: 'moderate' } });

    // The same form again (the distance as Postgres gives it back, '10.0'): nothing changed.
    const again = await send(
      'PUT',
      url,
      summitInput({
        difficulty: 'moderate',
        meetingPoint: { latitude: 38.6531, longitude: -122.6 },
        leaderContactPhone: null,
        date: created.date,
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(await records()).toHaveLength(1);
  });
});

describe('the demo walks', () => {
  it('have their details, and a demo walk stored before they existed is given them once', async () => {
    const fresh = await startTestService(service);
    try {
      // As seeded before migration 0018: no details.
      const summit = seedEvents.find((event) => event.seedKey === 'mount-st-helena-summit-hike');
      await insertTestEvent(fresh.db, { seedKey: summit?.seedKey ?? '', title: summit?.title ?? '' });
      // A demo walk the admin has given other details keeps them.
      const vineyard = seedEvents.find((event) => event.seedKey === 'vineyard-loop-and-picnic');
      await insertTestEvent(fresh.db, {
        seedKey: vineyard?.seedKey ?? '',
        title: vineyard?.title ?? '',
        difficulty: 'moderate',
      });
      await seed(fresh.db);
      await seed(fresh.db);

      const events = z.array(EventSchema).parse((await fresh.app.inject({ url: '/api/events' })).json());
      expect(events).toHaveLength(seededWalkCount);
      expect(events.find((event) => event.title === 'Mount St. Helena Summit Hike')).toMatchObject({
        difficulty: 'challenging',
        distanceMiles: 10,
        elevationGainFeet: 2300,
        minimumAge: 12,
        dogsAllowed: false,
        meetingPoint: { latitude: expect.any(Number), longitude: expect.any(Number) },
      });
      expect(events.find((event) => event.title === vineyard?.title)).toMatchObject({
        difficulty: 'moderate',
      });
      const others = events.filter((event) => event.title !== vineyard?.title);
      for (const event of others) {
        expect(event.difficulty, event.title).not.toBeNull();
        expect(event.distanceMiles, event.title).not.toBeNull();
        expect(event.meetingPoint, event.title).not.toBeNull();
        expect(event.whatToBring, event.title).not.toBeNull();
      }
      // A gentle walk for families with their dogs.
      expect(
        events.some((event) => event.difficulty === 'easy' && event.familyFriendly && event.dogsAllowed),
      ).toBe(true);
      const rows = await fresh.db.selectFrom('events').select('leaderContactPhone').execute();
      expect(rows.filter((row) => row.leaderContactPhone !== null).length).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });

  it('set when the walk reminds its walkers: the defaults when left out, none when null, each checked', async () => {
    const byDefault = await createWalk();
    expect(byDefault).toMatchObject({ earlyReminderDays: 2, dayReminderTime: '07:00' });
    const own = await createWalk({ earlyReminderDays: 7, dayReminderTime: '05:30' });
    expect(own).toMatchObject({ earlyReminderDays: 7, dayReminderTime: '05:30' });
    const quiet = await createWalk({ earlyReminderDays: null, dayReminderTime: null });
    expect(quiet).toMatchObject({ earlyReminderDays: null, dayReminderTime: null });
    // A visitor's read says nothing of them.
    const visitor = await content.app.inject({ url: `/api/events/${own.id}` });
    expect(visitor.json()).not.toHaveProperty('earlyReminderDays');
    expect(visitor.json()).not.toHaveProperty('dayReminderTime');

    const issues = await refusedWith(summitInput({ earlyReminderDays: 15, dayReminderTime: '7am' }));
    expect(issues).toEqual({
      earlyReminderDays: 'The early reminder goes 1 to 14 days before the walk',
      dayReminderTime: "The walk day's reminder time is a time of day, e.g. 07:00",
    });

    // Turned off by an update, and the activity record names them.
    const updated = await send(
      'PUT',
      `/api/events/${own.id}`,
      summitInput({ date: own.date, earlyReminderDays: null, dayReminderTime: '06:00' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ earlyReminderDays: null, dayReminderTime: '06:00' });
    const [entry] = await content.db
      .selectFrom('auditLog')
      .select('summary')
      .where('targetId', '=', String(own.id))
      .where('action', '=', 'event.updated')
      .execute();
    expect(entry?.summary).toBe(
      'Changed the early reminder and walk day\'s reminder of the event "Mount St. Helena Summit Hike".',
    );
  });
});
