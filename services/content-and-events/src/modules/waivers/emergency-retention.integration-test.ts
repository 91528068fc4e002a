import { jobsOf, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, insertTestEvent } from '../../testing/helpers';
import { generousClientLimits } from '../rate-limits/rate-limits.testing';
import { FORGET_PAST_EMERGENCY_DETAILS_JOB } from './waivers.jobs';
import { EMERGENCY_DETAILS_RETENTION_DAYS } from './waivers.service';

// Emergency contacts and notes for the leader are for the day (decision 038): the daily job deletes
// them a month after the walk, and keeps those of walks to come or just past.

let content: TestService<Env, ContentAndEventsDatabase>;

beforeAll(async () => {
  content = await startTestService(service, generousClientLimits);
});
afterAll(() => content.close());

const CONTACT = { contactName: 'Boaz Bellweather', contactPhone: '(707) 555-0166' };

async function walkerWithEmergencyDetails(walkDate: Date, walker: number): Promise<number> {
  const eventId = await insertTestEvent(content.db, { date: walkDate, askEmergencyContact: true });
  const registration = await content.db
    .insertInto('registrations')
    .values({
      eventId,
      status: 'confirmed',
      guestName: `Walker ${walker}`,
      guestEmail: `w${walker}@example.com`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await content.db
    .insertInto('registrationEmergencyDetails')
    .values({ registrationId: registration.id, ...CONTACT, leaderNote: 'Bee sting allergy' })
    .execute();
  return registration.id;
}

async function detailsOf(registrationIds: number[]): Promise<number[]> {
  const rows = await content.db
    .selectFrom('registrationEmergencyDetails')
    .select('registrationId')
    .where('registrationId', 'in', registrationIds)
    .orderBy('registrationId')
    .execute();
  return rows.map((row) => row.registrationId);
}

describe('emergency details retention', () => {
  it(`deletes them ${EMERGENCY_DETAILS_RETENTION_DAYS} days after the walk, by the daily job, and keeps the rest`, async () => {
    const longPast = await walkerWithEmergencyDetails(
      daysFromNow(-(EMERGENCY_DETAILS_RETENTION_DAYS + 1)),
      1,
    );
    const justPast = await walkerWithEmergencyDetails(
      daysFromNow(-(EMERGENCY_DETAILS_RETENTION_DAYS - 1)),
      2,
    );
    const toCome = await walkerWithEmergencyDetails(daysFromNow(5), 3);

    await content.jobs.enqueue(content.db, FORGET_PAST_EMERGENCY_DETAILS_JOB, {});
    await waitForJobs(content.db, { names: [FORGET_PAST_EMERGENCY_DETAILS_JOB], timeoutMs: 20_000 });
    const run = (await jobsOf(content.db, FORGET_PAST_EMERGENCY_DETAILS_JOB)).at(-1);
    expect(run?.state).toBe('completed');
    expect((run?.output as { deleted: number } | undefined)?.deleted).toBeGreaterThanOrEqual(1);
    expect(await detailsOf([longPast, justPast, toCome])).toEqual([justPast, toCome]);
    // The registration itself stays (the walk's history and its counts).
    expect(
      await content.db.selectFrom('registrations').select('id').where('id', '=', longPast).executeTakeFirst(),
    ).toEqual({ id: longPast });
  });
});
