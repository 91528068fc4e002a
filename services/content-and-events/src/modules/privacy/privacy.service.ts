import type { MemberDataPart, MemberErasure, MemberRef } from '@jesus-walks/contracts/privacy';
import { schemaNameOf } from '@jesus-walks/contracts/services';
import { purgeJobsMentioning, scrubAuditLog } from '@jesus-walks/service-kit/member-erasure';
import type { ContentDeps } from '../../deps';
import { cancelForErasure } from '../registrations/registrations.service';
import { eraseWalkFormsOf, walkFormsForExport } from '../waivers/waivers.service';
import {
  deleteContactMessagesOf,
  deleteRateLimitHitsOf,
  deleteSubscribersOf,
  detachGuestRegistrations,
  forgetPartyNames,
  forgetQuoteHolder,
  listContactMessagesOf,
  listMemberRegistrations,
  listSubscribersOf,
  redactQueuedJobs,
} from './privacy.repository';

/*
 * A member's data in content-and-events (issue 23): their walk registrations (as a member, and as
 * a guest with one of their addresses), the newsletter subscription of their addresses, and the
 * messages they sent from the contact form with the group's answers.
 * Identity gathers the export and asks for the erasure (contracts/privacy.ts).
 */

const SERVICE = 'content-and-events';
type PrivacyDeps = Pick<ContentDeps, 'db' | 'jobs'>;

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** POST /internal/privacy/content-and-events/export */
export async function exportMemberData(deps: PrivacyDeps, member: MemberRef): Promise<MemberDataPart> {
  const [registrations, subscribers, messages] = await Promise.all([
    listMemberRegistrations(deps.db, member),
    listSubscribersOf(deps.db, member.emails),
    listContactMessagesOf(deps.db, member),
  ]);
  // The waivers they signed (with the text) and the emergency contacts they gave (decision 038).
  const walkForms = await walkFormsForExport(
    deps,
    registrations.map((row) => row.id),
  );
  return {
    service: SERVICE,
    sections: {
      registrations: registrations.map((row) => ({
        id: row.id,
        walk: row.title,
        walkDate: row.date.toISOString(),
        meetingPlace: row.location,
        registeredAs: row.userId === null ? 'guest' : 'member',
        status: row.status === 'held' ? 'pending_payment' : row.status,
        name: row.guestName,
        email: row.guestEmail,
        // The others they brought (decision 041).
        party: row.partyNames,
        amountPaid: row.amountPaid,
        testMode: row.amountPaid !== null && row.testMode,
        registeredAt: row.createdAt.toISOString(),
        cancelledAt: isoOrNull(row.cancelledAt),
      })),
      newsletter: subscribers.map((row) => ({
        email: row.email,
        subscribedAt: row.createdAt.toISOString(),
        confirmedAt: isoOrNull(row.confirmedAt),
        unsubscribedAt: isoOrNull(row.unsubscribedAt),
      })),
      contactMessages: messages.map((row) => ({
        sentAt: row.createdAt.toISOString(),
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        status: row.status,
        answers: row.replies.map((reply) => ({ sentAt: reply.createdAt.toISOString(), text: reply.text })),
      })),
      waiverSignatures: walkForms.waiverSignatures,
      emergencyContacts: walkForms.emergencyContacts,
    },
  };
}

/**
 * POST /internal/privacy/content-and-events/erase, in one transaction: the member's registrations
 * for walks still to come are cancelled (each seat to the waitlist, as any cancellation; no refund
 * here), every registration is detached from the guest name and address it carried, the
 * newsletter rows of their addresses and their contact messages (with the answers) are deleted,
 * their emergency contacts go and their waiver signatures lose their name, address and browser
 * (the fact and the version stay), held seats no longer name them, their rate-limit
 * counts go, the activity record's entries stay without them, and e-mails not yet sent to their
 * addresses are dropped. Erasing again finds nothing left and answers zeros.
 */
export async function eraseMemberData(
  deps: PrivacyDeps,
  member: MemberRef,
  requestId?: string,
): Promise<MemberErasure> {
  return deps.db.transaction().execute(async (trx) => {
    const registrations = await listMemberRegistrations(trx, member);
    const ids = registrations.map((row) => row.id);
    let cancelled = 0;
    // One walk at a time, in a fixed order (walk, then id): concurrent erasures lock alike.
    for (const row of [...registrations].sort((a, b) => a.eventId - b.eventId || a.id - b.id)) {
      if (
        await cancelForErasure(
          { db: trx, jobs: deps.jobs },
          { registrationId: row.id, ...(requestId ? { requestId } : {}) },
        )
      )
        cancelled += 1;
    }
    // Their emergency contacts and notes go; each signature keeps its version and time, not their name.
    const walkForms = await eraseWalkFormsOf({ db: trx }, ids);
    const subscribers = await deleteSubscribersOf(trx, member.emails);
    const contactMessages = await deleteContactMessagesOf(trx, member);
    const auditEntries = await scrubAuditLog(trx, {
      userId: member.userId,
      emails: member.emails,
      usernames: member.usernames,
      targets: [
        { type: 'registration', ids },
        { type: 'subscriber', ids: subscribers },
        { type: 'message', ids: contactMessages },
      ],
      names: registrations.flatMap((row) => [...(row.guestName ? [row.guestName] : []), ...row.partyNames]),
    });
    await forgetPartyNames(trx, ids);
    const schema = schemaNameOf(SERVICE);
    return {
      service: SERVICE,
      erased: {
        registrationsCancelled: cancelled,
        registrations: await detachGuestRegistrations(trx, { userId: member.userId, registrationIds: ids }),
        emergencyContacts: walkForms.emergencyContacts,
        waiverSignatures: walkForms.waiverSignatures,
        subscribers: subscribers.length,
        contactMessages: contactMessages.length,
        heldSeats: await forgetQuoteHolder(trx, member.userId),
        rateLimitHits: await deleteRateLimitHitsOf(trx, member.userId),
        auditEntries,
        jobs:
          (await purgeJobsMentioning(trx, schema, member.emails)) +
          (await redactQueuedJobs(trx, schema, member.emails)),
      },
    };
  });
}
