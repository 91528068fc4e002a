import type { MyRegistration } from '@jesus-walks/contracts/events';

export interface MyWalks {
  /** Walks still to come, soonest first: what the member may still cancel. */
  upcoming: MyRegistration[];
  /** Walks that have taken place, latest first. */
  past: MyRegistration[];
}

/**
 * A member's registrations split as they live them: the walks to come (soonest first) and the
 * ones behind them (latest first). A cancelled walk is a past one: nothing more can happen to it.
 */
export function splitMyWalks(registrations: readonly MyRegistration[]): MyWalks {
  const upcoming: MyRegistration[] = [];
  const past: MyRegistration[] = [];
  for (const registration of registrations) {
    if (registration.event.isPast || registration.event.isCancelled) past.push(registration);
    else upcoming.push(registration);
  }
  const at = (registration: MyRegistration) => Date.parse(registration.event.date);
  upcoming.sort((a, b) => at(a) - at(b) || a.id - b.id);
  past.sort((a, b) => at(b) - at(a) || b.id - a.id);
  return { upcoming, past };
}

/**
 * Whether the member can still cancel it from their page: a walk to come that the group has not
 * cancelled (cancelling a walk refunds its paid seats by itself).
 */
export function canCancel(registration: MyRegistration): boolean {
  return registration.status !== 'cancelled' && !registration.event.isPast && !registration.event.isCancelled;
}
