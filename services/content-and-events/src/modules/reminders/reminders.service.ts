import type { ContentDeps } from '../../deps';
import { siteUrl } from '../../deps';
import { cancelUrlFor, recipientOf } from '../registrations/registration-notices';
import { reminderEmail } from './reminder-emails';
import { type DueReminder, findDueReminders, recordReminderSent } from './reminders.repository';

/**
 * Walk reminders (issue 24): every seat holder is reminded before the walk (two days before by
 * default) and on the morning of the walk, each walk setting its own times.
 *
 * A sweep every few minutes (reminders.jobs.ts) sends what is due rather than one job per reminder
 * scheduled ahead: a reminder's time then always follows the walk as it is now (moved, re-timed,
 * cancelled, its reminders changed) with nothing to reschedule or to cancel, and a walk or a
 * registration added in any way (the admin, the seed, a waitlist promotion) is reminded without
 * each path having to schedule it. The cost is up to one sweep's interval of lateness.
 *
 * Nobody gets the same reminder twice: each one sent is a row (registration, kind, the walk's
 * start) written in the transaction that queues its e-mail. A sweep that dies before committing
 * leaves nothing, and the next one sends it all; two sweeps at once (two replicas) meet on the row's
 * key, and the second writes and sends nothing. A walk moved to another time is reminded again for
 * its new start.
 */
/** What the sweep works with (tests give it their own clock and a second sweep). */
export type ReminderDeps = Pick<ContentDeps, 'db' | 'notifier' | 'members' | 'links' | 'publicOrigin'>;

export async function sendDueReminders(deps: ReminderDeps, now = new Date()): Promise<{ sent: number }> {
  const due = await findDueReminders(deps.db, now);
  if (due.length === 0) return { sent: 0 };
  // Outside any transaction. Identity unreachable: throws, and the next sweep tries again.
  const members = await deps.members.findManyOrThrow(
    due.flatMap((reminder) => (reminder.userId === null ? [] : [reminder.userId])),
  );
  let sent = 0;
  // One transaction per walk and kind: a failure (a worker stopped mid-send) loses no more than
  // that walk's reminders, which the next sweep sends whole.
  for (const batch of byWalkAndKind(due)) {
    sent += await deps.db.transaction().execute(async (trx) => {
      let queued = 0;
      for (const reminder of batch) {
        const to = recipientOf(reminder, members);
        // A member identity no longer knows: nobody to write to (and nothing recorded).
        if (!to) continue;
        const recorded = await recordReminderSent(trx, {
          registrationId: reminder.registrationId,
          kind: reminder.kind,
          walkDate: reminder.date,
        });
        if (!recorded) continue;
        await deps.notifier.enqueue(trx, emailOf(deps, reminder, to));
        queued += 1;
      }
      return queued;
    });
  }
  return { sent };
}

function emailOf(deps: ReminderDeps, reminder: DueReminder, to: { name: string; email: string }) {
  return reminderEmail({
    to,
    kind: reminder.kind,
    reminder,
    eventUrl: siteUrl(deps, `/events/${reminder.eventId}`),
    cancelUrl: cancelUrlFor(deps, {
      id: reminder.registrationId,
      eventId: reminder.eventId,
      userId: reminder.userId,
    }),
    accountWalksUrl: siteUrl(deps, '/account?tab=walks'),
  });
}

/** The due reminders in batches of one walk and kind, in the order found (Map.groupBy is Node 21+). */
function byWalkAndKind(due: readonly DueReminder[]): DueReminder[][] {
  const batches = new Map<string, DueReminder[]>();
  for (const reminder of due) {
    const key = `${reminder.eventId}:${reminder.kind}`;
    batches.set(key, [...(batches.get(key) ?? []), reminder]);
  }
  return [...batches.values()];
}
