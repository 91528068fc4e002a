import type { Event } from '@/lib/events/get-events';
import { partyPriceText, partySeatsNote } from '@/lib/events/party';

/**
 * What a party means for the walk, said under its names before registering (decision 041): what
 * the party pays on the day at a paid walk, and whether it waits in line together (more people
 * than the seats left) or cannot come at all (more than the walk takes).
 */
export function PartySummary({
  event,
  people,
}: {
  event: Pick<Event, 'price' | 'seatsLeft' | 'capacity'>;
  people: number;
}) {
  const note = partySeatsNote(people, event);
  const due = event.price > 0 && people > 1 ? partyPriceText(people, event.price) : null;
  if (!note && !due) return null;
  return (
    <div className="grid gap-2 text-sm" aria-live="polite" data-party-summary>
      {due ? (
        <p>
          {people <= event.seatsLeft
            ? 'For your party, paid on the day at check-in:'
            : 'If seats open up for your party, paid on the day at check-in:'}{' '}
          <span className="font-semibold tabular-nums">{due}</span>
        </p>
      ) : null}
      {note ? <p className="rounded-md bg-amber-100 px-3 py-2 text-amber-950">{note}</p> : null}
    </div>
  );
}
