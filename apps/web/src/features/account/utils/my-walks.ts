import type { MyRegistration } from '@jesus-walks/contracts/events';
import { PARTY_HINT, partyPriceText, peopleText, tooManyNote } from '@/lib/events/party';

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

/**
 * Whether the member can still change who comes with them (decision 041): a walk to come, as for
 * cancelling; not a registration paid online for one person (its number is fixed, and it has no
 * names to change).
 */
export function canEditParty(registration: MyRegistration): boolean {
  if (!canCancel(registration)) return false;
  return registration.payment === null || registration.partySize > 1;
}

/** What the party form says under its title: the limit, or a paid registration's fixed number. */
export function partyFormHint(registration: Pick<MyRegistration, 'payment' | 'partySize'>): string {
  return registration.payment
    ? `Paid online for ${peopleText(registration.partySize)}: you can change the names, not the number.`
    : PARTY_HINT;
}

/**
 * What a change of the party to `people` will meet, said before it is saved: too many for the walk,
 * more added than the seats left (a seated party never splits; a waitlisted one just grows), and
 * what a party that pays on the day will pay.
 */
export function partyChangeNotes(
  registration: Pick<MyRegistration, 'status' | 'partySize' | 'payment' | 'event'>,
  people: number,
): string[] {
  const { event } = registration;
  const notes: string[] = [];
  const seated = registration.status === 'confirmed' || registration.status === 'pending_payment';
  const added = people - registration.partySize;
  const tooMany = tooManyNote(people, event.capacity);
  if (tooMany) {
    notes.push(tooMany);
  } else if (seated && added > 0 && added > event.seatsLeft) {
    notes.push(
      event.seatsLeft <= 0
        ? 'The walk is full, so nobody more can join your party.'
        : `Only ${event.seatsLeft} more can join: the walk has ${event.seatsLeft === 1 ? 'one seat' : `${event.seatsLeft} seats`} left.`,
    );
  }
  if (registration.status === 'pending_payment' && event.price > 0 && people > 1) {
    notes.push(`Paid on the day at check-in: ${partyPriceText(people, event.price)}.`);
  }
  return notes;
}
