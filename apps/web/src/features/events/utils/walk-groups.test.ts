import { describe, expect, it } from 'vitest';
import { aListedEvent } from '@/testing/api-stubs';
import { groupBySeries } from './walk-groups';

const sunrise = { id: 3, title: 'Saturday Sunrise Prayer Walk', ruleInWords: 'Every Saturday' };
const vespers = { id: 4, title: 'Vineyard Vespers', ruleInWords: 'Second Friday of the month' };

describe("the events page's entries", () => {
  it("gathers a series' walks at the place of its first, in order, and leaves single walks as they are", () => {
    const list = [
      aListedEvent({ id: 1, seriesId: 3, series: sunrise }),
      aListedEvent({ id: 2 }),
      aListedEvent({ id: 5, seriesId: 3, series: sunrise }),
      aListedEvent({ id: 6, seriesId: 4, series: vespers }),
      aListedEvent({ id: 7, seriesId: 3, series: sunrise }),
      aListedEvent({ id: 8 }),
    ];
    const entries = groupBySeries(list).map((entry) =>
      entry.kind === 'walk'
        ? `walk ${entry.event.id}`
        : `series ${entry.series.id}: ${entry.walks.map((walk) => walk.id).join(',')}`,
    );
    // Vespers has one walk in this list: shown as that walk.
    expect(entries).toEqual(['series 3: 1,5,7', 'walk 2', 'walk 6', 'walk 8']);
  });

  it('is the list itself when no walk is in a series', () => {
    const list = [aListedEvent({ id: 1 }), aListedEvent({ id: 2 })];
    expect(groupBySeries(list)).toEqual(list.map((event) => ({ kind: 'walk', event })));
  });
});
