/**
 * A registration's attendance from its check-in operations (decision 040), the one rule every
 * leader's phone and the server agree on: walked in time order (then by id), a check-in (or a
 * walk-in) checks in unless already checked in, an undo undoes. So the first check-in since the last
 * undo counts, with its time and leader; a second leader checking the same walker changes nothing.
 * A check-in may say how many of a party are there (decision 041, three of a family of four): the
 * latest such count stands, whoever checked the party in. The answer depends only on the set of
 * operations, never on the order they arrived in: two leaders syncing in any order converge, and an
 * operation sent twice (stored once) counts once.
 */
export interface AttendanceOperation {
  id: string;
  kind: 'check-in' | 'undo' | 'walk-in';
  madeAt: Date;
  leaderId: number;
  /** A check-in's count of the party there; null: the whole party (or not said). */
  present: number | null;
}

export interface CheckedIn {
  checkedInAt: Date;
  checkedInById: number;
  /** How many of the party are there, when a leader said; null: the whole party. */
  present: number | null;
}

export function attendanceFrom(operations: readonly AttendanceOperation[]): CheckedIn | null {
  const ordered = [...operations].sort(
    (a, b) => a.madeAt.getTime() - b.madeAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  let state = null as CheckedIn | null;
  for (const operation of ordered) {
    if (operation.kind === 'undo') state = null;
    else if (state === null)
      state = {
        checkedInAt: operation.madeAt,
        checkedInById: operation.leaderId,
        present: operation.present,
      };
    else if (operation.present !== null) state.present = operation.present;
  }
  return state;
}
