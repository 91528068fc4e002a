/**
 * A registration's attendance from its check-in operations (decision 040), the one rule every
 * leader's phone and the server agree on: walked in time order (then by id), a check-in (or a
 * walk-in) checks in unless already checked in, an undo undoes. So the first check-in since the last
 * undo counts, with its time and leader; a second leader checking the same walker changes nothing.
 * The answer depends only on the set of operations, never on the order they arrived in: two
 * leaders syncing in any order converge, and an operation sent twice (stored once) counts once.
 */
export interface AttendanceOperation {
  id: string;
  kind: 'check-in' | 'undo' | 'walk-in';
  madeAt: Date;
  leaderId: number;
}

export function attendanceFrom(
  operations: readonly AttendanceOperation[],
): { checkedInAt: Date; checkedInById: number } | null {
  const ordered = [...operations].sort(
    (a, b) => a.madeAt.getTime() - b.madeAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  let state: { checkedInAt: Date; checkedInById: number } | null = null;
  for (const operation of ordered) {
    if (operation.kind === 'undo') state = null;
    else state ??= { checkedInAt: operation.madeAt, checkedInById: operation.leaderId };
  }
  return state;
}
