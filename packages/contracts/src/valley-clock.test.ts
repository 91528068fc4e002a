import { describe, expect, it } from 'vitest';
import { valleyInstantOf, valleyWallClockOf } from './valley-clock';

describe("the valley's wall clock", () => {
  it('reads an instant as the day and time in Napa, summer and winter', () => {
    expect(valleyWallClockOf(new Date('2030-07-04T16:00:00Z'))).toEqual({
      year: 2030,
      month: 7,
      day: 4,
      hour: 9,
      minute: 0,
    });
    expect(valleyWallClockOf(new Date('2030-12-31T07:59:00Z'))).toEqual({
      year: 2030,
      month: 12,
      day: 30,
      hour: 23,
      minute: 59,
    });
  });

  it('turns 9:00 in the valley into 16:00 UTC in summer and 17:00 UTC in winter', () => {
    expect(valleyInstantOf({ year: 2030, month: 11, day: 2 }, { hour: 9, minute: 0 }).toISOString()).toBe(
      '2030-11-02T16:00:00.000Z',
    );
    expect(valleyInstantOf({ year: 2030, month: 11, day: 3 }, { hour: 9, minute: 0 }).toISOString()).toBe(
      '2030-11-03T17:00:00.000Z',
    );
  });

  it('takes the first of a repeated hour, and moves a missing one an hour on', () => {
    // 2030-11-03: 1:30 happens twice (PDT, then PST).
    expect(valleyInstantOf({ year: 2030, month: 11, day: 3 }, { hour: 1, minute: 30 }).toISOString()).toBe(
      '2030-11-03T08:30:00.000Z',
    );
    // 2031-03-09: the clock jumps from 2:00 to 3:00; 2:30 is read as 3:30 PDT.
    expect(valleyInstantOf({ year: 2031, month: 3, day: 9 }, { hour: 2, minute: 30 }).toISOString()).toBe(
      '2031-03-09T10:30:00.000Z',
    );
  });
});
