import { PARTY_MAX_SIZE } from '@jesus-walks/contracts/constants';
import { listInWords } from '@jesus-walks/contracts/words';
import { formatCount, formatPrice } from '@/lib/format';

/*
 * A registration's party (decision 041): the registrant and up to seven others by name, a seat each
 * (or places in line together). What the forms and the lists say of it. Without Zod: the forms'
 * check is in party-schema.ts, loaded with them.
 */

export { PARTY_MAX_SIZE };

/** What the party fields say under their title, unless a form says more. */
export const PARTY_HINT = `Up to ${PARTY_MAX_SIZE} people, you included. Each has a seat.`;

/** The most others a registrant brings (the registrant is not in `party`). */
export const PARTY_MAX_OTHERS = PARTY_MAX_SIZE - 1;

/** One of the others as a form types them (react-hook-form's field arrays hold objects). */
export interface PartyRow {
  name: string;
}

/** A form that asks who else comes. */
export interface PartyFormValues {
  party: PartyRow[];
}

/** The party as the bodies send it: each name trimmed. */
export function partyOf(rows: readonly PartyRow[]): string[] {
  return rows.map((row) => row.name.trim());
}

/** A party's names as the form starts from them. */
export function partyRowsOf(names: readonly string[]): PartyRow[] {
  return names.map((name) => ({ name }));
}

/** The part of a registration's (or a checkout's) body that names the party: nothing when they come alone. */
export function partyBody(party: readonly string[]): { party?: string[] } {
  return party.length > 0 ? { party: [...party] } : {};
}

/** "1 person", "3 people". */
export function peopleText(count: number): string {
  return formatCount(count, { one: 'person', other: 'people' });
}

/** Who comes, from the registrant's side: "Just you", "You and Ben", "You, Ben and Cara · 3 people". */
export function whoComesText(party: readonly string[]): string {
  if (party.length === 0) return 'Just you';
  return `${listInWords(['You', ...party])} · ${peopleText(1 + party.length)}`;
}

/** The label of person `index` of the others (0 is the second person: the registrant is the first). */
export function personLabel(index: number): string {
  return `person ${index + 2}`;
}

/** What a remove button says: the name typed, or which person it is. */
export function removePersonLabel(name: string, index: number): string {
  return `Remove ${name.trim() || personLabel(index)}`;
}

/** Why a party larger than the whole walk cannot come (the server refuses it too); null when it fits. */
export function tooManyNote(people: number, capacity: number): string | null {
  return people > capacity
    ? `This walk takes ${peopleText(capacity)} in all: a party of ${people} cannot come.`
    : null;
}

function seatsLeftText(seatsLeft: number): string {
  return `Only ${formatCount(seatsLeft, { one: 'seat', other: 'seats' })} left`;
}

/**
 * What a party of `people` will find at registration, said before it is sent: too big for the
 * walk, or more than the seats left (it waits in line together). Null when it simply fits.
 */
export function partySeatsNote(people: number, walk: { seatsLeft: number; capacity: number }): string | null {
  const tooMany = tooManyNote(people, walk.capacity);
  if (tooMany) return tooMany;
  if (people > 1 && walk.seatsLeft > 0 && people > walk.seatsLeft) {
    return `${seatsLeftText(walk.seatsLeft)}: a party of ${people} goes on the waitlist together.`;
  }
  return null;
}

/**
 * The same at a paid walk's checkout, where the party pays for its seats now: they must all be
 * free (the checkout holds them together or not at all).
 */
export function partyCheckoutNote(
  people: number,
  walk: { seatsLeft: number; capacity: number },
): string | null {
  const tooMany = tooManyNote(people, walk.capacity);
  if (tooMany) return tooMany;
  if (people > 1 && people > walk.seatsLeft) {
    return walk.seatsLeft <= 0
      ? 'This walk is full: every seat is taken.'
      : `${seatsLeftText(walk.seatsLeft)}: not enough for a party of ${people}.`;
  }
  return null;
}

/** "3 × $25.00 = $75.00": a paid walk's price for a party (whole dollars each). */
export function partyPriceText(people: number, price: number): string {
  return `${people} × ${formatPrice(price)} = ${formatPrice(price * people)}`;
}

/** A form's party fields: a name (`party.1.name`), or the list as a whole. */
export type PartyFieldName = 'party' | `party.${number}.name`;

/** The party field a server issue names (`['body', 'party', 1]` -> 'party.1.name'), if it names one. */
export function partyFieldOf(path: readonly (string | number)[]): PartyFieldName | undefined {
  const at = path.lastIndexOf('party');
  if (at < 0) return undefined;
  const index = path[at + 1];
  if (index === undefined) return 'party';
  return typeof index === 'number' ? `party.${index}.name` : undefined;
}
