import { describe, expect, it } from 'vitest';
import { type AttendanceOperation, attendanceFrom } from './check-in-state';

const at = (second: number) => new Date(Date.UTC(2026, 10, 28, 9, 0, second));
const op = (
  id: string,
  kind: AttendanceOperation['kind'],
  second: number,
  leaderId: number,
  present: number | null = null,
): AttendanceOperation => ({ id, kind, madeAt: at(second), leaderId, present });

describe('attendanceFrom', () => {
  it('keeps the first check-in since the last undo, and the latest count of the party', () => {
    const operations = [
      op('a', 'check-in', 1, 1),
      op('b', 'check-in', 2, 2),
      op('c', 'check-in', 3, 2, 3),
      op('d', 'check-in', 4, 1),
    ];
    const expected = { checkedInAt: at(1), checkedInById: 1, present: 3 };
    expect(attendanceFrom(operations)).toEqual(expected);
    // Whatever order they arrived in.
    expect(attendanceFrom([...operations].reverse())).toEqual(expected);
  });

  it('forgets the count with an undo', () => {
    expect(
      attendanceFrom([op('a', 'check-in', 1, 1, 2), op('b', 'undo', 2, 1), op('c', 'check-in', 3, 2)]),
    ).toEqual({ checkedInAt: at(3), checkedInById: 2, present: null });
    expect(attendanceFrom([op('a', 'check-in', 1, 1, 2), op('b', 'undo', 2, 1)])).toBeNull();
  });
});
