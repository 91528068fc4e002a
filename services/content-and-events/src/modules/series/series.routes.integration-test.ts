import { AdminEventSchema, ListedEventSchema } from '@jesus-walks/contracts/events';
import { EventSeriesPreviewSchema, EventSeriesSchema, seriesWeekdays } from '@jesus-walks/contracts/series';
import { valleyInstantOf, valleyWallClockOf } from '@jesus-walks/contracts/valley-clock';
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
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, insertTestEvent } from '../../testing/helpers';

// Walk series (issue 24, decision 039): made from a template walk by a rule and an end, each walk
// an ordinary walk afterwards; the public list names each walk's series.

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service);
});
afterAll(async () => {
  await content.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function asAdmin(method: Method, url: string, payload?: Record<string, unknown>) {
  return content.app.inject({ method, url, headers: await identityHeaders(testAdmin, method, url), payload });
}

const dayMs = 24 * 60 * 60 * 1000;

/** A Saturday in late October next year (the Saturdays after it cross the November change). */
function lateOctoberSaturday(): { year: number; month: number; day: number } {
  const year = new Date().getUTCFullYear() + 1;
  for (let day = 20; day <= 26; day += 1) {
    if (new Date(Date.UTC(year, 9, day)).getUTCDay() === 6) return { year, month: 10, day };
  }
  throw new Error('unreachable: a week has a Saturday');
}

/** The valley day after `days` days, 'YYYY-MM-DD'. */
function dayText(day: { year: number; month: number; day: number }, days = 0): string {
  return new Date(Date.UTC(day.year, day.month - 1, day.day) + days * dayMs).toISOString().slice(0, 10);
}

/** The valley weekday of an instant, as a rule names it. */
function weekdayOf(date: Date | string) {
  const clock = valleyWallClockOf(new Date(date));
  return seriesWeekdays[new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay()] ?? 'sunday';
}

/** A walk with every detail given, as the admin's form sends it. */
function walkInput(date: Date | string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Saturday Sunrise Prayer Walk',
    description: 'Up the Lake Marie Road at first light, a psalm and prayer at the overlook.',
    location: 'Skyline Wilderness Park, Napa, CA',
    date: new Date(date).toISOString(),
    capacity: 18,
    price: 12,
    imageUrl: '/images/events/skyline-sunrise.svg',
    distanceMiles: 4.2,
    elevationGainFeet: 600,
    difficulty: 'moderate',
    durationMinutes: 150,
    minimumAge: 10,
    familyFriendly: true,
    dogsAllowed: true,
    accessibilityNotes: 'Paved for the first mile, then a dirt fire road.',
    meetingPoint: { latitude: 38.2946, longitude: -122.2466 },
    whatToBring: 'Water and a warm layer.',
    leaderContactName: 'Ruth Adams',
    leaderContactPhone: '(707) 555-0142',
    earlyReminderDays: 3,
    dayReminderTime: '06:00',
    ...overrides,
  };
}

/** A template walk with every detail given, as the admin's form creates it. */
async function createTemplate(date: Date, overrides: Record<string, unknown> = {}) {
  const response = await asAdmin('POST', '/api/events', walkInput(date, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return AdminEventSchema.parse(response.json());
}

async function createSeries(payload: Record<string, unknown>) {
  const response = await asAdmin('POST', '/api/admin/event-series', payload);
  expect(response.statusCode, response.body).toBe(201);
  return EventSeriesSchema.parse(response.json());
}

async function adminEvents() {
  const response = await asAdmin('GET', '/api/admin/events');
  return z.array(AdminEventSchema).parse(response.json());
}

/** The validation messages of a refused series, by the field they are about ('end.until'). */
async function refusedWith(url: string, payload: Record<string, unknown>): Promise<Record<string, string>> {
  const response = await asAdmin('POST', url, payload);
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { code: string; issues: Array<{ path: string[]; message: string }> };
  expect(body.code).toBe('validation_failed');
  return Object.fromEntries(body.issues.map((issue) => [issue.path.slice(1).join('.'), issue.message]));
}

describe('making a series', () => {
  it('copies the template weekly at 9:00 in the valley across the November change, the template first', async () => {
    const saturday = lateOctoberSaturday();
    const template = await createTemplate(valleyInstantOf(saturday, { hour: 9, minute: 0 }));
    const series = await createSeries({
      templateEventId: template.id,
      rule: { frequency: 'weekly', weekday: 'saturday' },
      end: { kind: 'count', count: 4 },
    });
    expect(series).toMatchObject({
      title: 'Saturday Sunrise Prayer Walk',
      ruleInWords: 'Every Saturday',
      end: { kind: 'count', count: 4 },
      timeOfDay: '09:00',
      templateEventId: template.id,
      createdBy: testAdmin.username,
    });
    expect(series.walks.map((walk) => walk.id)[0]).toBe(template.id);
    expect(series.walks.map((walk) => walk.date.slice(0, 10))).toEqual(
      [0, 7, 14, 21].map((days) => dayText(saturday, days)),
    );
    // 9:00 on the valley's clock every time: 16:00 UTC before the change (the first Sunday of
    // November), 17:00 UTC after.
    const dates = series.walks.map((walk) => new Date(walk.date));
    expect(dates.map((date) => valleyWallClockOf(date).hour)).toEqual([9, 9, 9, 9]);
    const hours = dates.map((date) => date.getUTCHours());
    expect(hours[0]).toBe(16);
    expect(hours.at(-1)).toBe(17);
    expect([...hours].sort()).toEqual(hours);

    // Every copy is the template's walk: its details, price, seats, reminders; its own id and date.
    const events = await adminEvents();
    const { id: _id, date: _date, ...described } = template;
    for (const walk of series.walks) {
      const event = events.find((candidate) => candidate.id === walk.id);
      expect(event).toMatchObject({ ...described, seriesId: series.id, seatsTaken: 0, isCancelled: false });
    }

    const audit = await content.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'event_series.created')
      .where('targetId', '=', String(series.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorUsername: testAdmin.username, targetType: 'event_series' });
    expect(audit.summary).toContain('every Saturday');
    expect(audit.summary).toContain('3 new walks after the event itself');
  });

  it('monthly on the second Saturday until a date, starting after a template that does not fit', async () => {
    const year = new Date().getUTCFullYear() + 1;
    // The template on the first of March next year at 7:30; the second Saturdays from March to June.
    const template = await createTemplate(
      valleyInstantOf({ year, month: 3, day: 1 }, { hour: 7, minute: 30 }),
    );
    const secondSaturdays = [3, 4, 5, 6].map((month) => {
      const first = new Date(Date.UTC(year, month - 1, 1));
      return dayText({ year, month, day: 1 + ((6 - first.getUTCDay() + 7) % 7) + 7 });
    });
    const preview = await asAdmin('POST', '/api/admin/event-series/preview', {
      templateEventId: template.id,
      rule: { frequency: 'monthly', weekday: 'saturday', weekOfMonth: 'second' },
      end: { kind: 'until', until: secondSaturdays[3] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = EventSeriesPreviewSchema.parse(preview.json());
    expect(previewed.ruleInWords).toBe('Second Saturday of the month');
    expect(previewed.templateJoins).toBe(template.date.slice(0, 10) === secondSaturdays[0]);
    const before = (await adminEvents()).length;
    // A preview makes nothing.
    expect((await adminEvents()).length).toBe(before);

    const series = await createSeries({
      templateEventId: template.id,
      rule: { frequency: 'monthly', weekday: 'saturday', weekOfMonth: 'second' },
      end: { kind: 'until', until: secondSaturdays[3] },
    });
    expect(series.walks.map((walk) => walk.date)).toEqual(previewed.dates);
    expect(series.walks.map((walk) => walk.date.slice(0, 10))).toEqual(secondSaturdays);
    // 7:30 on the clock in March (before and after the spring change) and in summer.
    expect(series.walks.map((walk) => valleyWallClockOf(new Date(walk.date)))).toEqual(
      secondSaturdays.map(() => expect.objectContaining({ hour: 7, minute: 30 })),
    );
    // The template (March 1st is never a second Saturday) stays a single walk.
    const events = await adminEvents();
    expect(events.find((event) => event.id === template.id)?.seriesId).toBeNull();
    expect(series.walks.some((walk) => walk.id === template.id)).toBe(false);
  });

  it('never makes a walk in the past: a past template is copied from the next date after now', async () => {
    const past = daysFromNow(-30);
    const templateId = await insertTestEvent(content.db, { date: past, title: 'Last Month Walk' });
    const series = await createSeries({
      templateEventId: templateId,
      rule: { frequency: 'weekly', weekday: weekdayOf(past) },
      end: { kind: 'count', count: 3 },
    });
    expect(series.walks).toHaveLength(3);
    expect(series.walks.every((walk) => new Date(walk.date) > new Date())).toBe(true);
    expect(series.walks.some((walk) => walk.id === templateId)).toBe(false);
  });

  it('refuses more than 52 walks, fewer than 2, and a malformed rule or end, with messages', async () => {
    const template = await createTemplate(daysFromNow(20));
    const before = (await adminEvents()).length;
    const weekly = { frequency: 'weekly', weekday: 'saturday' };
    const farAway = new Date(Date.now() + 2 * 365 * dayMs).toISOString().slice(0, 10);
    for (const url of ['/api/admin/event-series', '/api/admin/event-series/preview']) {
      expect(
        await refusedWith(url, {
          templateEventId: template.id,
          rule: weekly,
          end: { kind: 'until', until: farAway },
        }),
      ).toEqual({
        'end.until':
          'This end date gives more than 52 walks; a series has at most 52. Choose an earlier date.',
      });
    }
    const tomorrow = daysFromNow(1).toISOString().slice(0, 10);
    expect(
      await refusedWith('/api/admin/event-series', {
        templateEventId: template.id,
        rule: weekly,
        end: { kind: 'until', until: tomorrow },
      }),
    ).toEqual({ 'end.until': 'This end date leaves fewer than 2 walks in the series. Choose a later date.' });
    expect(
      await refusedWith('/api/admin/event-series', {
        templateEventId: template.id,
        rule: weekly,
        end: { kind: 'count', count: 53 },
      }),
    ).toEqual({ 'end.count': 'A series has between 2 and 52 walks' });
    expect(
      await refusedWith('/api/admin/event-series', {
        templateEventId: template.id,
        rule: { frequency: 'monthly', weekday: 'someday', weekOfMonth: 'fifth' },
        end: { kind: 'until', until: 'next June' },
      }),
    ).toEqual({
      'rule.weekday': 'Choose a day of the week',
      'rule.weekOfMonth': 'Choose the first, second, third, fourth or last week of the month',
      'end.until': 'End date must be a date (YYYY-MM-DD)',
    });
    const unknown = await asAdmin('POST', '/api/admin/event-series', {
      templateEventId: 999_999,
      rule: weekly,
      end: { kind: 'count', count: 2 },
    });
    expect(unknown.statusCode).toBe(404);
    // Nothing was made by any of them.
    expect((await adminEvents()).length).toBe(before);
  });

  it('is for admins only: 401 for visitors, 403 for members', async () => {
    const body = {
      templateEventId: 1,
      rule: { frequency: 'weekly', weekday: 'saturday' },
      end: { kind: 'count', count: 2 },
    };
    for (const [method, url] of [
      ['GET', '/api/admin/event-series'],
      ['POST', '/api/admin/event-series'],
      ['POST', '/api/admin/event-series/preview'],
    ] as const) {
      const payload = method === 'POST' ? body : undefined;
      expect((await content.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      const member = await content.app.inject({
        method,
        url,
        payload,
        headers: await identityHeaders(testUser, method, url),
      });
      expect(member.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("a series' walks", () => {
  it('are each edited, registered for and cancelled on their own; the list names their series', async () => {
    const template = await createTemplate(daysFromNow(9), { title: 'Vineyard Vespers Walk', price: 0 });
    const series = await createSeries({
      templateEventId: template.id,
      rule: { frequency: 'weekly', weekday: weekdayOf(template.date) },
      end: { kind: 'count', count: 3 },
    });
    const [first, second, third] = series.walks;
    if (!first || !second || !third) throw new Error('three walks expected');
    expect(first.id).toBe(template.id);

    // Edited alone: the others keep the template's title and date.
    const updated = await asAdmin(
      'PUT',
      `/api/events/${second.id}`,
      walkInput(second.date, { title: 'Vineyard Vespers Walk (by the creek)', price: 0 }),
    );
    expect(updated.statusCode, updated.body).toBe(200);

    // Registered alone.
    const registered = await content.app.inject({
      method: 'POST',
      url: `/api/events/${third.id}/registrations`,
      payload: { name: 'Ann Guest', email: 'ann@example.com' },
    });
    expect(registered.statusCode, registered.body).toBe(201);

    // Cancelled alone: the first (nobody registered) is deleted, the others stay.
    const removed = await asAdmin('DELETE', `/api/events/${first.id}`);
    expect(removed.json()).toMatchObject({ outcome: 'deleted' });

    const list = z.array(ListedEventSchema).parse((await content.app.inject({ url: '/api/events' })).json());
    const walks = list.filter((event) => event.seriesId === series.id);
    expect(walks.map((event) => [event.id, event.title, event.seatsTaken])).toEqual([
      [second.id, 'Vineyard Vespers Walk (by the creek)', 0],
      [third.id, 'Vineyard Vespers Walk', 1],
    ]);
    for (const walk of walks) {
      expect(walk.series).toEqual({
        id: series.id,
        title: 'Vineyard Vespers Walk',
        ruleInWords: expect.any(String),
      });
    }
    expect(list.filter((event) => event.seriesId === null).every((event) => event.series === null)).toBe(
      true,
    );

    // The admin's list of series follows: the deleted walk is gone, the template kept as a record.
    const all = z.array(EventSeriesSchema).parse((await asAdmin('GET', '/api/admin/event-series')).json());
    const listed = all.find((entry) => entry.id === series.id);
    expect(listed?.walks.map((walk) => walk.id)).toEqual([second.id, third.id]);
    expect(listed?.templateEventId).toBeNull();
    expect(all[0]?.id).toBe(Math.max(...all.map((entry) => entry.id)));
  });
});
