import type {
  CheckInEntry,
  CheckInList,
  CheckInOperation,
  CheckInOperationResult,
  CheckInSyncResult,
  CheckInTarget,
  LeaderWalk,
} from '@jesus-walks/contracts/check-in';
import type { Identity } from '@jesus-walks/contracts/common';
import { businessRule, notFound } from '@jesus-walks/service-kit/errors';
import type { ContentDeps, InTransaction } from '../../deps';
import { toEvent } from '../events/event-mapping';
import {
  type EventRow,
  findEventsWithSeats,
  findEventWithSeats,
  lockEventSeats,
} from '../events/event-seats.service';
import { listAdminEvents } from '../events/events.service';
import {
  addWalkIn,
  attendanceCountsOf,
  findRegistrationById,
  listRegistrationsForAdmin,
  recordAttendance,
} from '../registrations/registrations.service';
import { verifyTicketToken } from '../tickets/walk-ticket';
import { requireLeaderOf, walksLedBy } from '../walk-leaders/walk-leaders.service';
import { findOperation, insertOperation, operationsOf } from './check-in.repository';
import { attendanceFrom } from './check-in-state';

/*
 * Check-in at the trailhead (decision 040). A leader's phone sends operations (check in, undo,
 * walk-in), each with its own UUID, when it can: at once when online, in a batch when it comes
 * back. Each is stored once (its id), and a registration's attendance is recomputed from all of
 * its operations (check-in-state.ts), so any order of arrival gives the same list.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back a leader's list of walks goes: a walk's attendance is fixed up the days after. */
const LEADER_WALKS_HISTORY_DAYS = 7;

/** GET /api/leader/walks: the walks the caller leads (every walk for an admin), a week back and on. */
export async function leaderWalks(
  deps: ContentDeps,
  identity: Identity,
  now = new Date(),
): Promise<LeaderWalk[]> {
  const led = await walksLedBy(deps, identity);
  const since = now.getTime() - LEADER_WALKS_HISTORY_DAYS * DAY_MS;
  const events =
    led === null
      ? await listAdminEvents(deps)
      : (await findEventsWithSeats(deps, led)).map((row) => toEvent(row, now));
  const recent = events
    .filter((event) => new Date(event.date).getTime() >= since)
    .sort((a, b) => a.date.localeCompare(b.date));
  const counts = await attendanceCountsOf(
    deps,
    recent.map((event) => event.id),
  );
  return recent.map((event) => ({
    id: event.id,
    title: event.title,
    date: event.date,
    location: event.location,
    isCancelled: event.isCancelled,
    isPast: new Date(event.date) <= now,
    expected: counts.get(event.id)?.expected ?? 0,
    checkedIn: counts.get(event.id)?.checkedIn ?? 0,
  }));
}

const byName = (a: CheckInEntry, b: CheckInEntry) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.registrationId - b.registrationId;

/** The check-in list, once the caller is known to lead the walk (or be an admin). */
async function checkInListOf(deps: ContentDeps, eventId: number, requestId: string): Promise<CheckInList> {
  // The admin's list of the walk: names, what was paid, attendance, and the emergency details
  // (decision 038) when the walk asked for them. Leaders see no e-mail address.
  const { event, registrations } = await listRegistrationsForAdmin(deps, eventId, requestId);
  const entries = registrations.flatMap((registration): CheckInEntry[] => {
    if (registration.status !== 'confirmed' && registration.status !== 'pending_payment') return [];
    return [
      {
        registrationId: registration.id,
        name: registration.name,
        partySize: registration.partySize,
        party: registration.party,
        isGuest: registration.isGuest,
        status: registration.status,
        // A seat of a paid walk not paid online is paid on the day, at check-in: the party's seats.
        amountDue:
          registration.status === 'pending_payment' && registration.amountPaid === null
            ? event.price * registration.partySize
            : 0,
        walkIn: registration.walkIn,
        checkedInAt: registration.checkedInAt,
        checkedInBy: registration.checkedInBy,
        checkedInPeople: registration.checkedInPeople,
        emergency: registration.emergency ?? null,
      },
    ];
  });
  return {
    walk: {
      id: event.id,
      title: event.title,
      date: event.date,
      location: event.location,
      isCancelled: event.isCancelled,
      isPast: event.isPast,
      price: event.price,
    },
    entries: entries.sort(byName),
  };
}

/** GET /api/leader/walks/:id/check-in: its leaders and admins only. */
export async function checkInList(
  deps: ContentDeps,
  input: { identity: Identity; eventId: number; requestId: string },
): Promise<CheckInList> {
  await requireLeaderOf(deps, input.identity, input.eventId);
  return checkInListOf(deps, input.eventId, input.requestId);
}

/** An operation refused, with what the leader's phone shows. */
class Refusal {
  constructor(
    readonly message: string,
    readonly registrationId: number | null = null,
  ) {}
}

/** The seat holder an operation is about, on this walk; a Refusal otherwise. */
async function registrationOfTarget(
  deps: ContentDeps & InTransaction,
  event: EventRow,
  target: CheckInTarget,
): Promise<number | Refusal> {
  let registrationId: number;
  if ('ticket' in target) {
    const id = verifyTicketToken(deps, target.ticket);
    if (id === null) return new Refusal('This ticket is not valid: it was not issued by us.');
    registrationId = id;
  } else if ('walkInOperationId' in target) {
    const walkIn = await findOperation(deps.db, target.walkInOperationId.toLowerCase());
    if (walkIn?.kind !== 'walk-in' || walkIn.eventId !== event.id) {
      return new Refusal('That walk-in has not been added to this walk.');
    }
    registrationId = walkIn.registrationId;
  } else {
    registrationId = target.registrationId;
  }
  const row = await findRegistrationById(deps, registrationId);
  if (!row) return new Refusal('This registration does not exist (any more).');
  if (row.eventId !== event.id) {
    const other = await findEventWithSeats(deps, row.eventId);
    return new Refusal(
      'ticket' in target
        ? `This ticket is for another walk${other ? `: ${other.title}` : ''}.`
        : 'This registration is for another walk.',
      row.id,
    );
  }
  if (row.status === 'cancelled') return new Refusal('This registration was cancelled.', row.id);
  if (row.status === 'waitlisted' || row.status === 'held') {
    return new Refusal('This is a place on the waitlist, not a seat: add them as a walk-in.', row.id);
  }
  return row.id;
}

/** Applies one operation under the walk's lock; answers its outcome and the registration it touched. */
async function applyOperation(
  deps: ContentDeps & InTransaction,
  input: { event: EventRow; operation: CheckInOperation; leader: Identity },
): Promise<CheckInOperationResult> {
  const { event, operation } = input;
  const id = operation.id.toLowerCase();
  const result = (
    outcome: CheckInOperationResult['outcome'],
    registrationId: number | null,
    message: string | null,
  ) => ({
    id: operation.id,
    outcome,
    registrationId,
    message,
  });
  const stored = await findOperation(deps.db, id);
  if (stored) {
    return stored.eventId === event.id
      ? result('duplicate', stored.registrationId, null)
      : result('refused', null, 'This operation was made for another walk.');
  }
  let registrationId: number;
  if (operation.kind === 'walk-in') {
    const row = await addWalkIn(deps, {
      event,
      name: operation.walkIn.name,
      email: operation.walkIn.email ?? null,
      phone: operation.walkIn.phone ?? null,
    });
    registrationId = row.id;
  } else {
    const target = await registrationOfTarget(deps, event, operation.target);
    if (target instanceof Refusal) return result('refused', target.registrationId, target.message);
    registrationId = target;
  }
  await insertOperation(deps.db, {
    id,
    eventId: event.id,
    registrationId,
    kind: operation.kind,
    madeAt: new Date(operation.at),
    leaderId: input.leader.id,
    present: operation.kind === 'check-in' ? (operation.present ?? null) : null,
  });
  return result('applied', registrationId, null);
}

/**
 * POST /api/leader/walks/:id/check-in: applies a leader's operations in one transaction under the
 * walk's lock (leaders syncing at once take turns), then recomputes the attendance of every
 * registration they touched from all of its operations. Answers each outcome and the merged list.
 */
export async function syncCheckIns(
  deps: ContentDeps,
  input: { identity: Identity; eventId: number; operations: CheckInOperation[]; requestId: string },
): Promise<CheckInSyncResult> {
  await requireLeaderOf(deps, input.identity, input.eventId);
  const results = await deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const event = await lockEventSeats(inTrx, input.eventId);
    if (!event) throw notFound('Event not found');
    if (event.cancelledAt) throw businessRule('This walk has been cancelled, so there is no check-in.');
    const outcomes: CheckInOperationResult[] = [];
    for (const operation of input.operations) {
      outcomes.push(await applyOperation(inTrx, { event, operation, leader: input.identity }));
    }
    const touched = new Set(
      outcomes.flatMap((outcome) =>
        outcome.outcome === 'applied' && outcome.registrationId !== null ? [outcome.registrationId] : [],
      ),
    );
    for (const registrationId of touched) {
      await recordAttendance(inTrx, registrationId, attendanceFrom(await operationsOf(trx, registrationId)));
    }
    return outcomes;
  });
  return { results, list: await checkInListOf(deps, input.eventId, input.requestId) };
}
