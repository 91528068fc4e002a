import type { Identity } from '@jesus-walks/contracts/common';
import { MAIL_QUEUE } from '@jesus-walks/service-kit/mailer';
import { createLinkSigner, linkSigningKeys } from '@jesus-walks/service-kit/signed-links';
import { jobsOf, queuedMailFor, waitForJobs } from '@jesus-walks/test-kit/jobs';
import { startTestService, type TestService } from '@jesus-walks/test-kit/test-service';
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentAndEventsDatabase, RegistrationsTable } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { daysFromNow, insertTestEvent, startFakeIdentity, tokenOfLink } from '../../testing/helpers';
import { createMemberDirectory } from '../members/member-directory';
import { SEND_DUE_REMINDERS_JOB } from './reminders.jobs';
import { type ReminderDeps, sendDueReminders } from './reminders.service';

/**
 * Walk reminders against real Postgres: the sweep (reminders.service.ts) run with the test's own
 * clock, as the cron job runs it with the real one, and the job itself once.
 */

type Content = TestService<Env, ContentAndEventsDatabase>;

const martha: Identity = { id: 7301, username: 'martha', isAdmin: false };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let identity: Awaited<ReturnType<typeof startFakeIdentity>>;
let content: Content;
let deps: ReminderDeps;

beforeAll(async () => {
  identity = await startFakeIdentity([
    { ...martha, email: 'martha.reminders@example.com', isVerified: true },
  ]);
  content = await startTestService(service, {
    IDENTITY_URL: identity.url,
    PUBLIC_ORIGIN: 'https://walks.example',
  });
  const members = createMemberDirectory({
    identityUrl: identity.url,
    internalToken: content.env.INTERNAL_TOKEN,
    logger: content.app.log,
  });
  deps = {
    db: content.db,
    // The service's own mail queue, so what is queued is what its worker sends.
    notifier: {
      enqueue: async (trx, message) => void (await content.jobs.enqueue(trx, MAIL_QUEUE, message)),
    },
    members,
    links: createLinkSigner(linkSigningKeys(content.env)),
    publicOrigin: content.env.PUBLIC_ORIGIN,
  };
});
afterAll(async () => {
  await deps?.members.close();
  await content?.close();
  await identity?.close();
});

let walkers = 0;

/** A registration written straight to the table, made a day before `before` (registered in time). */
async function register(
  eventId: number,
  values: Partial<Insertable<RegistrationsTable>> = {},
  before = new Date(),
): Promise<{ id: number; email: string }> {
  walkers += 1;
  const email = `walker${walkers}.reminders@example.com`;
  const row = await content.db
    .insertInto('registrations')
    .values({
      eventId,
      guestName: `Walker ${walkers}`,
      guestEmail: email,
      status: 'confirmed',
      createdAt: new Date(before.getTime() - DAY),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email: values.userId ? 'martha.reminders@example.com' : email };
}

/** The reminders queued for an address (subjects), once the mail queue has run. */
async function remindersTo(email: string, title: string) {
  await waitForJobs(content.db, { names: [MAIL_QUEUE], timeoutMs: 20_000 });
  return (await queuedMailFor(content.db, email)).filter((mail) => mail.subject.includes(title));
}

/** Saturday, June 15, 2030, 9:00 in the valley (PDT). */
const saturdayNine = new Date('2030-06-15T16:00:00Z');

describe('walk reminders', () => {
  it('reminds every seat holder two days before and on the morning, once each, with what they need on the day', async () => {
    const title = 'Reminder Ridge';
    const eventId = await insertTestEvent(content.db, {
      title,
      date: saturdayNine,
      location: 'Rector Reservoir trailhead',
      price: 25,
      meetingLatitude: 38.4437,
      meetingLongitude: -122.3533,
      whatToBring: '2 liters of water, a hat and boots with grip',
      leaderContactName: 'Ruth',
      leaderContactPhone: '(707) 555-0142',
    });
    const member = await register(eventId, { userId: martha.id, guestName: null, guestEmail: null });
    const paidGuest = await register(eventId, {
      paymentId: '6f1c1c3e-4a5b-4c1d-9e0f-1a2b3c4d5e6f',
      amountPaid: '25.00',
    });
    const payOnTheDay = await register(eventId, { status: 'pending_payment' });
    const waitlisted = await register(eventId, { status: 'waitlisted' });
    const cancelled = await register(eventId, { status: 'cancelled' });

    // Before it is due: nothing.
    expect(await sendDueReminders(deps, new Date(saturdayNine.getTime() - 2 * DAY - 60_000))).toEqual({
      sent: 0,
    });
    const early = new Date(saturdayNine.getTime() - 2 * DAY + 60_000);
    expect(await sendDueReminders(deps, early)).toEqual({ sent: 3 });
    expect(await sendDueReminders(deps, early)).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps, new Date(early.getTime() + 6 * HOUR))).toEqual({ sent: 0 });

    // The walk day's at 7:00 in the valley (14:00 UTC in June).
    expect(await sendDueReminders(deps, new Date('2030-06-15T13:59:00Z'))).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps, new Date('2030-06-15T14:01:00Z'))).toEqual({ sent: 3 });
    expect(await sendDueReminders(deps, new Date('2030-06-15T15:30:00Z'))).toEqual({ sent: 0 });

    for (const walker of [member, paidGuest, payOnTheDay]) {
      const mails = await remindersTo(walker.email, title);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Reminder: ${title} on Saturday, June 15`,
        `Today: ${title} at 9:00 AM`,
      ]);
      for (const mail of mails) {
        expect(mail.text).toContain('When: Saturday, June 15, 2030 at 9:00 AM PDT');
        expect(mail.text).toContain('Where: Rector Reservoir trailhead');
        expect(mail.text).toContain(
          'Map: https://www.google.com/maps/search/?api=1&query=38.4437%2C-122.3533',
        );
        expect(mail.text).toContain('What to bring: 2 liters of water, a hat and boots with grip');
        expect(mail.text).toContain('On the day, your leader is Ruth, (707) 555-0142');
        expect(mail.text).toContain(`View the walk: https://walks.example/events/${eventId}`);
      }
    }
    const [memberMail] = await remindersTo(member.email, title);
    expect(memberMail?.text).toContain('Hi martha,');
    expect(memberMail?.text).toContain(
      'please cancel so someone else can have your place: https://walks.example/account?tab=walks',
    );
    const [guestMail] = await remindersTo(paidGuest.email, title);
    expect(guestMail?.text).toContain('Paid: $25.00 at checkout');
    // A guest's own signed link, for this registration (a paid seat is refunded through it).
    expect(
      deps.links.verify('registration-cancel', tokenOfLink(guestMail?.text ?? '', `/events/${eventId}`)),
    ).toBe(paidGuest.id);
    const [dayMail] = await remindersTo(payOnTheDay.email, title);
    expect(dayMail?.text).toContain('Price: $25.00, paid on the day at check-in');
    for (const nobody of [waitlisted, cancelled]) expect(await remindersTo(nobody.email, title)).toEqual([]);
  });

  it('follows a walk moved to another day, and never reminds of a cancelled one', async () => {
    const title = 'Moving Meadow';
    const eventId = await insertTestEvent(content.db, { title, date: saturdayNine, dayReminderTime: null });
    const walker = await register(eventId);
    expect(await sendDueReminders(deps, new Date(saturdayNine.getTime() - 2 * DAY + 60_000))).toMatchObject({
      sent: 1,
    });
    // Moved a week later: its reminder is due again for the new start, and only then.
    const moved = new Date(saturdayNine.getTime() + 7 * DAY);
    await content.db.updateTable('events').set({ date: moved }).where('id', '=', eventId).execute();
    expect(await sendDueReminders(deps, new Date(moved.getTime() - 3 * DAY))).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps, new Date(moved.getTime() - 2 * DAY + 60_000))).toEqual({ sent: 1 });
    expect((await remindersTo(walker.email, title)).map((mail) => mail.subject)).toEqual([
      `Reminder: ${title} on Saturday, June 15`,
      `Reminder: ${title} on Saturday, June 22`,
    ]);

    const cancelledWalk = await insertTestEvent(content.db, {
      title: 'Called Off Canyon',
      date: saturdayNine,
      cancelledAt: new Date(),
    });
    const left = await register(cancelledWalk);
    expect(await sendDueReminders(deps, new Date('2030-06-15T14:01:00Z'))).toEqual({ sent: 0 });
    expect(await remindersTo(left.email, 'Called Off Canyon')).toEqual([]);
  });

  it("keeps to each walk's own times: none when turned off, a sunrise walk's an hour before it starts", async () => {
    const quiet = await insertTestEvent(content.db, {
      title: 'Quiet Quarry',
      date: saturdayNine,
      earlyReminderDays: null,
      dayReminderTime: null,
    });
    const quietWalker = await register(quiet);
    // 6:00 in the valley, before the default 7:00: its day reminder at 5:00; and a week ahead.
    const sunrise = new Date('2030-06-15T13:00:00Z');
    const sunriseWalk = await insertTestEvent(content.db, {
      title: 'Sunrise Summit',
      date: sunrise,
      earlyReminderDays: 7,
    });
    const early = await register(sunriseWalk);
    expect(await sendDueReminders(deps, new Date(sunrise.getTime() - 7 * DAY + 60_000))).toEqual({ sent: 1 });
    expect(await sendDueReminders(deps, new Date('2030-06-15T11:59:00Z'))).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps, new Date('2030-06-15T12:00:00Z'))).toEqual({ sent: 1 });
    expect((await remindersTo(early.email, 'Sunrise Summit')).map((mail) => mail.subject)).toEqual([
      'Reminder: Sunrise Summit on Saturday, June 15',
      'Today: Sunrise Summit at 6:00 AM',
    ]);
    expect(await remindersTo(quietWalker.email, 'Quiet Quarry')).toEqual([]);
  });

  it('does not remind late: a walker who registered after it was due, or a sweep 12 hours behind', async () => {
    const title = 'Late Lagoon';
    const date = new Date('2030-07-06T16:00:00Z');
    const eventId = await insertTestEvent(content.db, { title, date, dayReminderTime: null });
    const dueAt = new Date(date.getTime() - 2 * DAY);
    const latecomer = await register(eventId, { createdAt: new Date(dueAt.getTime() + HOUR) });
    const onTime = await register(eventId, { createdAt: new Date(dueAt.getTime() - HOUR) });
    expect(await sendDueReminders(deps, new Date(dueAt.getTime() + 12 * HOUR + 60_000))).toEqual({ sent: 0 });
    expect(await sendDueReminders(deps, new Date(dueAt.getTime() + 2 * HOUR))).toEqual({ sent: 1 });
    expect(await remindersTo(latecomer.email, title)).toEqual([]);
    expect(await remindersTo(onTime.email, title)).toHaveLength(1);
  });

  it('a sweep that dies mid-send leaves nothing; the next sends each once, even two sweeps at once', async () => {
    const title = 'Crash Creek';
    const date = new Date('2030-08-03T16:00:00Z');
    const eventId = await insertTestEvent(content.db, { title, date, dayReminderTime: null });
    const walkersOfWalk = await Promise.all(Array.from({ length: 4 }, () => register(eventId)));
    const third = walkersOfWalk[2]?.id ?? 0;
    // The worker "dies" as it records the third reminder, after queuing the first two e-mails.
    await sql`create or replace function fail_third_reminder() returns trigger language plpgsql as $$
      begin
        if new.registration_id = ${sql.lit(third)} then raise exception 'worker stopped mid-send'; end if;
        return new;
      end $$`.execute(content.db);
    await sql`create trigger fail_third_reminder before insert on walk_reminders
      for each row execute function fail_third_reminder()`.execute(content.db);
    const now = new Date(date.getTime() - 2 * DAY + 60_000);
    await expect(sendDueReminders(deps, now)).rejects.toThrow(/worker stopped mid-send/);
    await sql`drop trigger fail_third_reminder on walk_reminders`.execute(content.db);
    const recorded = await content.db
      .selectFrom('walkReminders')
      .select('registrationId')
      .where(
        'registrationId',
        'in',
        walkersOfWalk.map((walker) => walker.id),
      )
      .execute();
    expect(recorded).toEqual([]);
    for (const walker of walkersOfWalk) expect(await remindersTo(walker.email, title)).toEqual([]);

    // Two sweeps at once (two replicas): between them, each walker once.
    const sweeps = await Promise.all([sendDueReminders(deps, now), sendDueReminders(deps, now)]);
    expect(sweeps.reduce((sum, sweep) => sum + sweep.sent, 0)).toBe(4);
    for (const walker of walkersOfWalk) expect(await remindersTo(walker.email, title)).toHaveLength(1);
  });

  it('the cron job sends what is due now', async () => {
    const title = 'Cron Crest';
    // Due a minute ago: two days before a walk that starts in two days less a minute.
    const eventId = await insertTestEvent(content.db, {
      title,
      date: new Date(daysFromNow(2).getTime() - 60_000),
    });
    const walker = await register(eventId);
    await content.jobs.enqueue(content.db, SEND_DUE_REMINDERS_JOB, {});
    await waitForJobs(content.db, { timeoutMs: 20_000 });
    expect((await jobsOf(content.db, SEND_DUE_REMINDERS_JOB)).at(-1)).toMatchObject({
      state: 'completed',
      output: { sent: 1 },
    });
    expect((await remindersTo(walker.email, title)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Reminder: ${title} on `)),
    ]);
  });
});
