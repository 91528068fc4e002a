import type { WalkLeader } from '@jesus-walks/contracts/check-in';
import type { Identity } from '@jesus-walks/contracts/common';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import { businessRule, forbidden, notFound } from '@jesus-walks/service-kit/errors';
import type { ContentDeps } from '../../deps';
import { findEventWithSeats } from '../events/event-seats.service';
import {
  deleteLeader,
  insertLeader,
  isLeaderOf,
  ledEventIds,
  listLeaderIds,
} from './walk-leaders.repository';

/*
 * Walk leaders (decision 040): an admin makes a member the leader of a walk; a member who leads at
 * least one walk is a leader, and sees and checks in those walks only. No role is stored in
 * identity: being a leader is a fact about walks, kept with them.
 */

/** The walks the caller may check in: every walk for an admin (null), else the ones they lead. */
export async function walksLedBy(
  deps: Pick<ContentDeps, 'db'>,
  identity: Identity,
): Promise<number[] | null> {
  if (identity.isAdmin) return null;
  return ledEventIds(deps.db, identity.id);
}

/**
 * Refuses (403) a caller who neither leads the walk nor is an admin; the same answer whether or not
 * the walk exists, so a member cannot probe which walks are there.
 */
export async function requireLeaderOf(
  deps: Pick<ContentDeps, 'db'>,
  identity: Identity,
  eventId: number,
): Promise<void> {
  if (identity.isAdmin) return;
  if (!(await isLeaderOf(deps.db, eventId, identity.id))) {
    throw forbidden('Only the leaders of this walk can see its check-in list.');
  }
}

async function leadersOf(deps: ContentDeps, eventId: number, requestId: string): Promise<WalkLeader[]> {
  const ids = await listLeaderIds(deps.db, eventId);
  const members = await deps.members.findMany(ids, requestId);
  return ids.map((userId) => {
    const member = members.get(userId);
    return { userId, username: member?.username ?? `User ${userId}`, email: member?.email ?? null };
  });
}

async function walkOf(deps: ContentDeps, eventId: number) {
  const event = await findEventWithSeats(deps, eventId);
  if (!event) throw notFound('Event not found');
  return event;
}

export async function listWalkLeaders(
  deps: ContentDeps,
  eventId: number,
  requestId: string,
): Promise<WalkLeader[]> {
  await walkOf(deps, eventId);
  return leadersOf(deps, eventId, requestId);
}

/** An admin makes a member a leader of the walk (twice is not an error); recorded in the activity. */
export async function addWalkLeader(
  deps: ContentDeps,
  input: { eventId: number; userId: number; actor: Identity; requestId: string },
): Promise<WalkLeader[]> {
  const event = await walkOf(deps, input.eventId);
  // Asked before the transaction (no network call under a transaction).
  const member = await deps.members.find(input.userId, input.requestId);
  if (!member) throw businessRule('There is no member with this id.');
  await deps.db.transaction().execute(async (trx) => {
    if (!(await insertLeader(trx, event.id, member.id))) return;
    await recordAudit(trx, {
      actor: input.actor,
      action: 'event.leader_added',
      target: { type: 'event', id: event.id, label: event.title },
      summary: `Made ${member.username} a leader of "${event.title}".`,
      changes: { leader: { from: null, to: member.username } },
    });
  });
  return leadersOf(deps, event.id, input.requestId);
}

/** An admin removes a leader from the walk; the check-ins they made stay. */
export async function removeWalkLeader(
  deps: ContentDeps,
  input: { eventId: number; userId: number; actor: Identity; requestId: string },
): Promise<WalkLeader[]> {
  const event = await walkOf(deps, input.eventId);
  const member = await deps.members.find(input.userId, input.requestId);
  const name = member?.username ?? `User ${input.userId}`;
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteLeader(trx, event.id, input.userId))) return;
    await recordAudit(trx, {
      actor: input.actor,
      action: 'event.leader_removed',
      target: { type: 'event', id: event.id, label: event.title },
      summary: `Removed ${name} from the leaders of "${event.title}".`,
      changes: { leader: { from: name, to: null } },
    });
  });
  return leadersOf(deps, event.id, input.requestId);
}
