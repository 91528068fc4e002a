import {
  type CheckInEntry,
  CheckInEntrySchema,
  type CheckInList,
  CheckInListSchema,
  type CheckInOperation,
  CheckInOperationSchema,
  type CheckInTarget,
} from '@jesus-walks/contracts/check-in';
import { z } from 'zod';
import { type KeyValueStorage, readJson, writeJson } from '@/lib/storage';

/*
 * A walk's check-in on the leader's phone, kept so that it works with no signal (decision 040):
 * the last list the server answered, and the operations made since that it has not acknowledged,
 * each with its UUID. What the page shows is the list with those operations applied by the same
 * rule as the server's (check-in-state.ts there): so a tap shows at once, offline or not, and the
 * server's answer, once the queue is sent, is the same list with everyone's taps merged.
 */

/** One row of the page: a seat holder, or a walk-in this phone added and has not sent yet. */
export interface CheckInRow extends CheckInEntry {
  /** Stable across the send: `r{registrationId}`, or `w{operation id}` for an unsent walk-in. */
  key: string;
  /** Waiting to be sent: what the row shows is this phone's, not yet the server's. */
  pending: boolean;
  /** What an operation about this row targets. */
  target: CheckInTarget;
}

export interface OfflineCheckIn {
  list: CheckInList | null;
  queue: CheckInOperation[];
}

/**
 * What this phone kept. A list kept before parties (decision 041) has none: each entry is one
 * person, so a phone that kept one offline keeps its queue through the update.
 */
const StoredSchema = z.object({
  list: CheckInListSchema.extend({
    entries: z.array(
      CheckInEntrySchema.extend({
        partySize: CheckInEntrySchema.shape.partySize.default(1),
        party: CheckInEntrySchema.shape.party.default([]),
        // Kept before a party's count: a checked-in party came whole.
        checkedInPeople: CheckInEntrySchema.shape.checkedInPeople.optional(),
      }).transform((entry) => ({
        ...entry,
        checkedInPeople: entry.checkedInPeople ?? (entry.checkedInAt === null ? 0 : entry.partySize),
      })),
    ),
  }).nullable(),
  queue: z.array(CheckInOperationSchema),
});

export function storageKeyOf(walkId: number): string {
  return `jw.check-in.${walkId}`;
}

/** What this phone keeps of a walk (nothing, or something unreadable, is an empty state). */
export function loadOfflineCheckIn(storage: KeyValueStorage | null, walkId: number): OfflineCheckIn {
  const parsed = StoredSchema.safeParse(readJson(storage, storageKeyOf(walkId)));
  return parsed.success ? parsed.data : { list: null, queue: [] };
}

export function saveOfflineCheckIn(
  storage: KeyValueStorage | null,
  walkId: number,
  state: OfflineCheckIn,
): void {
  writeJson(storage, storageKeyOf(walkId), state);
}

/** The server answered a list: it replaces ours; the acknowledged operations leave the queue. */
export function acknowledge(
  state: OfflineCheckIn,
  list: CheckInList,
  sentIds: readonly string[],
): OfflineCheckIn {
  const sent = new Set(sentIds);
  return { list, queue: state.queue.filter((operation) => !sent.has(operation.id)) };
}

function rowKeyOf(target: CheckInTarget, rows: readonly CheckInRow[]): string | null {
  if ('registrationId' in target) return `r${target.registrationId}`;
  if ('walkInOperationId' in target) return `w${target.walkInOperationId}`;
  const id = Number(target.ticket.split('.')[0]);
  return rows.some((row) => row.key === `r${id}`) ? `r${id}` : null;
}

/**
 * The rows as the phone shows them: the server's list with the unsent operations applied in time
 * order (a check-in checks in unless already checked in, and its count of the party stands; an undo
 * undoes; a walk-in is a new row), sorted by name.
 */
export function rowsOf(state: OfflineCheckIn, leaderName: string): CheckInRow[] {
  const rows: CheckInRow[] = (state.list?.entries ?? []).map((entry) => ({
    ...entry,
    key: `r${entry.registrationId}`,
    pending: false,
    target: { registrationId: entry.registrationId },
  }));
  const ordered = [...state.queue].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
  for (const operation of ordered) {
    if (operation.kind === 'walk-in') {
      rows.push({
        registrationId: 0,
        name: operation.walkIn.name,
        partySize: 1,
        party: [],
        isGuest: true,
        status: (state.list?.walk.price ?? 0) > 0 ? 'pending_payment' : 'confirmed',
        amountDue: state.list?.walk.price ?? 0,
        walkIn: true,
        checkedInAt: operation.at,
        checkedInBy: leaderName,
        checkedInPeople: 1,
        emergency: null,
        key: `w${operation.id}`,
        pending: true,
        target: { walkInOperationId: operation.id },
      });
      continue;
    }
    const key = rowKeyOf(operation.target, rows);
    const row = rows.find((candidate) => candidate.key === key);
    if (!row) continue;
    const present = operation.kind === 'check-in' ? operation.present : undefined;
    const people = Math.min(present ?? row.partySize, row.partySize);
    if (operation.kind === 'undo') {
      Object.assign(row, { checkedInAt: null, checkedInBy: null, checkedInPeople: 0, pending: true });
    } else if (row.checkedInAt === null) {
      Object.assign(row, {
        checkedInAt: operation.at,
        checkedInBy: leaderName,
        checkedInPeople: people,
        pending: true,
      });
    } else if (present !== undefined) {
      // A party's count (three of the four came): the latest stands.
      Object.assign(row, { checkedInPeople: people, pending: true });
    }
  }
  return rows.sort(
    (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.key.localeCompare(b.key),
  );
}

/**
 * People expected (seats, walk-ins included), checked in, and no-shows (only once the walk
 * started): a party counts each of its people (decision 041), checked in together with one tap,
 * and those of it who came when a leader said fewer.
 */
export function countsOf(rows: readonly CheckInRow[], started: boolean) {
  const expected = rows.reduce((sum, row) => sum + row.partySize, 0);
  const checkedIn = rows.reduce((sum, row) => sum + (row.checkedInAt === null ? 0 : row.checkedInPeople), 0);
  return { expected, checkedIn, noShow: started ? expected - checkedIn : null };
}

/**
 * Rows with someone whose name has every word typed (case and accents ignored): the registrant, or
 * one of the party they bring.
 */
export function searchRows(rows: readonly CheckInRow[], query: string): CheckInRow[] {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  const named = (name: string) => words.every((word) => fold(name).includes(word));
  return words.length === 0 ? [...rows] : rows.filter((row) => [row.name, ...row.party].some(named));
}

/** "Anna Smith + 2": the registrant, and how many they bring. */
export function rowTitle(row: Pick<CheckInEntry, 'name' | 'partySize'>): string {
  return row.partySize > 1 ? `${row.name} + ${row.partySize - 1}` : row.name;
}

/** A new operation, made now on this phone. */
export function operationOf(
  input:
    | { kind: 'check-in'; target: CheckInTarget; present?: number }
    | { kind: 'undo'; target: CheckInTarget }
    | { kind: 'walk-in'; walkIn: { name: string; email?: string; phone?: string } },
  now = new Date(),
  id = crypto.randomUUID(),
): CheckInOperation {
  const at = now.toISOString();
  if (input.kind === 'walk-in') return { id, at, kind: 'walk-in', walkIn: input.walkIn };
  if (input.kind === 'undo') return { id, at, kind: 'undo', target: input.target };
  return {
    id,
    at,
    kind: 'check-in',
    target: input.target,
    ...(input.present === undefined ? {} : { present: input.present }),
  };
}

/** The indicator's words. */
export function syncStatusText(input: { online: boolean; waiting: number }): string {
  const waiting = `${input.waiting} check-in${input.waiting === 1 ? '' : 's'} waiting to send`;
  if (!input.online)
    return input.waiting > 0 ? `Offline — ${waiting}` : 'Offline — the list is kept on this phone';
  return input.waiting > 0 ? `Sending — ${waiting}` : 'All check-ins sent';
}
