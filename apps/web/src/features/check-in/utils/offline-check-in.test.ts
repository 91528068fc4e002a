import type { CheckInList } from '@jesus-walks/contracts/check-in';
import { describe, expect, it } from 'vitest';
import {
  acknowledge,
  countsOf,
  loadOfflineCheckIn,
  type OfflineCheckIn,
  operationOf,
  rowsOf,
  rowTitle,
  saveOfflineCheckIn,
  searchRows,
  syncStatusText,
} from './offline-check-in';

const entry = (registrationId: number, name: string, party: string[] = []) => ({
  registrationId,
  name,
  partySize: 1 + party.length,
  party,
  isGuest: true,
  status: 'confirmed' as const,
  amountDue: 0,
  walkIn: false,
  checkedInAt: null,
  checkedInBy: null,
  checkedInPeople: 0,
  emergency: null,
});

const list: CheckInList = {
  walk: {
    id: 4,
    title: 'Ridge walk',
    date: '2030-05-01T15:00:00.000Z',
    location: 'Napa',
    isCancelled: false,
    isPast: false,
    price: 0,
  },
  entries: [entry(1, 'Zoë Adams'), entry(2, 'Ben Carter')],
};

const at = (minute: number) => new Date(Date.UTC(2030, 4, 1, 15, minute));

/** A Storage kept in a Map, as the page's localStorage. */
function memoryStorage() {
  const store = new Map<string, string>();
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  return { store, storage };
}

describe("a walk's check-in on the leader's phone", () => {
  it('shows a tap at once, marked as not sent, and an undo after it', () => {
    const state: OfflineCheckIn = {
      list,
      queue: [
        operationOf(
          { kind: 'check-in', target: { registrationId: 1 } },
          at(1),
          '00000000-0000-4000-8000-000000000001',
        ),
        operationOf(
          { kind: 'check-in', target: { registrationId: 2 } },
          at(2),
          '00000000-0000-4000-8000-000000000002',
        ),
        operationOf(
          { kind: 'undo', target: { registrationId: 2 } },
          at(3),
          '00000000-0000-4000-8000-000000000003',
        ),
      ],
    };
    const rows = rowsOf(state, 'anna');
    expect(rows.map((row) => [row.name, row.checkedInAt !== null, row.pending])).toEqual([
      ['Ben Carter', false, true],
      ['Zoë Adams', true, true],
    ]);
    expect(countsOf(rows, false)).toEqual({ expected: 2, checkedIn: 1, noShow: null });
    expect(countsOf(rows, true)).toEqual({ expected: 2, checkedIn: 1, noShow: 1 });
  });

  it('adds a walk-in as its own row until the server knows it, and finds a scanned ticket by its id', () => {
    const walkIn = operationOf(
      { kind: 'walk-in', walkIn: { name: 'Wanda Walkin' } },
      at(1),
      '00000000-0000-4000-8000-00000000000a',
    );
    const scanned = operationOf(
      { kind: 'check-in', target: { ticket: '2.1700000000.abc' } },
      at(2),
      '00000000-0000-4000-8000-00000000000b',
    );
    const rows = rowsOf({ list, queue: [walkIn, scanned] }, 'anna');
    expect(rows.find((row) => row.name === 'Wanda Walkin')).toMatchObject({
      walkIn: true,
      pending: true,
      target: { walkInOperationId: walkIn.id },
    });
    expect(rows.find((row) => row.registrationId === 2)?.checkedInBy).toBe('anna');
    expect(searchRows(rows, 'zoe').map((row) => row.name)).toEqual(['Zoë Adams']);
  });

  it("keeps the queue until the server acknowledges it, and takes the server's merged list", () => {
    const sent = operationOf({ kind: 'check-in', target: { registrationId: 1 } }, at(1));
    const later = operationOf({ kind: 'check-in', target: { registrationId: 2 } }, at(2));
    const merged: CheckInList = {
      ...list,
      entries: [
        {
          ...entry(1, 'Zoë Adams'),
          checkedInAt: at(0).toISOString(),
          checkedInBy: 'ben',
          checkedInPeople: 1,
        },
        entry(2, 'Ben Carter'),
      ],
    };
    const after = acknowledge({ list, queue: [sent, later] }, merged, [sent.id]);
    expect(after.queue).toEqual([later]);
    // The other leader's earlier check-in of Zoë counts; ours of Ben is still waiting.
    expect(rowsOf(after, 'anna').map((row) => [row.name, row.checkedInBy, row.pending])).toEqual([
      ['Ben Carter', 'anna', true],
      ['Zoë Adams', 'ben', false],
    ]);
  });

  it('is kept in storage per walk, and an unreadable copy is an empty one', () => {
    const { store, storage } = memoryStorage();
    const queue = [operationOf({ kind: 'check-in', target: { registrationId: 1 } }, at(1))];
    saveOfflineCheckIn(storage, 4, { list, queue });
    expect(loadOfflineCheckIn(storage, 4)).toEqual({ list, queue });
    expect(loadOfflineCheckIn(storage, 5)).toEqual({ list: null, queue: [] });
    store.set('jw.check-in.6', '{"list": 3}');
    expect(loadOfflineCheckIn(storage, 6)).toEqual({ list: null, queue: [] });
  });

  it('counts the people of a party, checked in together by one tap, and finds them by any name', () => {
    const withParty: CheckInList = {
      ...list,
      entries: [entry(1, 'Anna Smith', ['Ben Smith', 'Cara Jones']), entry(2, 'Dot Dogwood')],
    };
    const tap = operationOf(
      { kind: 'check-in', target: { registrationId: 1 } },
      at(1),
      '00000000-0000-4000-8000-000000000001',
    );
    const rows = rowsOf({ list: withParty, queue: [tap] }, 'anna');
    expect(countsOf(rows, false)).toEqual({ expected: 4, checkedIn: 3, noShow: null });
    expect(countsOf(rows, true)).toEqual({ expected: 4, checkedIn: 3, noShow: 1 });
    expect(rows.map(rowTitle)).toEqual(['Anna Smith + 2', 'Dot Dogwood']);
    expect(searchRows(rows, 'cara').map((row) => row.name)).toEqual(['Anna Smith']);
    expect(searchRows(rows, 'smith').map((row) => row.name)).toEqual(['Anna Smith']);
    // Every word in one person's name: Ben's first name and Cara's surname are two people.
    expect(searchRows(rows, 'ben jones')).toEqual([]);
  });

  it('keeps a list stored before parties, each of its entries one person', () => {
    const { store, storage } = memoryStorage();
    const queue = [operationOf({ kind: 'check-in', target: { registrationId: 1 } }, at(1))];
    const before = {
      list: {
        ...list,
        entries: list.entries.map(({ partySize: _size, party: _party, ...rest }) => rest),
      },
      queue,
    };
    store.set('jw.check-in.4', JSON.stringify(before));
    expect(loadOfflineCheckIn(storage, 4)).toEqual({ list, queue });
  });

  it('says whether check-ins are waiting', () => {
    expect(syncStatusText({ online: false, waiting: 2 })).toBe('Offline — 2 check-ins waiting to send');
    expect(syncStatusText({ online: true, waiting: 0 })).toBe('All check-ins sent');
  });

  it('counts those of a party who came when a leader says fewer, and forgets the count with an undo', () => {
    const withParty: CheckInList = {
      ...list,
      entries: [entry(1, 'Anna Smith', ['Ben Smith', 'Cara Jones'])],
    };
    const target = { registrationId: 1 };
    const tap = operationOf({ kind: 'check-in', target }, at(1));
    const two = operationOf({ kind: 'check-in', target, present: 2 }, at(2));
    expect(two).toMatchObject({ kind: 'check-in', present: 2 });
    const rows = rowsOf({ list: withParty, queue: [two, tap] }, 'anna');
    expect(rows[0]).toMatchObject({ checkedInPeople: 2, checkedInAt: at(1).toISOString() });
    expect(countsOf(rows, true)).toEqual({ expected: 3, checkedIn: 2, noShow: 1 });
    const undo = operationOf({ kind: 'undo', target }, at(3));
    const again = operationOf({ kind: 'check-in', target }, at(4));
    expect(rowsOf({ list: withParty, queue: [tap, two, undo, again] }, 'anna')[0]?.checkedInPeople).toBe(3);
  });

  it('reads a list kept before parties had a count: a checked-in party came whole', () => {
    const { store, storage } = memoryStorage();
    const { checkedInPeople: _, ...old } = {
      ...entry(1, 'Anna Smith', ['Ben Smith']),
      checkedInAt: at(0).toISOString(),
      checkedInBy: 'ben',
    };
    store.set('jw.check-in.4', JSON.stringify({ list: { ...list, entries: [old] }, queue: [] }));
    expect(loadOfflineCheckIn(storage, 4).list?.entries[0]?.checkedInPeople).toBe(2);
  });
});
