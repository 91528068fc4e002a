import type { ListedEvent } from '@/lib/events/get-events';

/** One entry of the events page's lists: a single walk, or the walks of one series together. */
export type WalkListEntry =
  | { kind: 'walk'; event: ListedEvent }
  | { kind: 'series'; series: NonNullable<ListedEvent['series']>; walks: ListedEvent[] };

/**
 * The walks of a list (already in the order shown) with each series' walks gathered into one entry,
 * at the place of its first walk, in their order; single walks stay as they are. A series with only
 * one walk in the list shows as that walk: a group of one says nothing.
 */
export function groupBySeries(events: readonly ListedEvent[]): WalkListEntry[] {
  const walksOf = new Map<number, ListedEvent[]>();
  for (const event of events) {
    if (event.series) walksOf.set(event.series.id, [...(walksOf.get(event.series.id) ?? []), event]);
  }
  const entries: WalkListEntry[] = [];
  for (const event of events) {
    const walks = event.series ? (walksOf.get(event.series.id) ?? []) : [];
    if (!event.series || walks.length < 2) entries.push({ kind: 'walk', event });
    else if (walks[0] === event) entries.push({ kind: 'series', series: event.series, walks });
  }
  return entries;
}
