import { describe, expect, it } from 'vitest';
import { valleyDayOf, valleyNoon } from './valley-dates';

describe('valley dates', () => {
  it('keeps a day as noon in the valley, summer and winter', () => {
    expect(valleyNoon('2030-07-04').toISOString()).toBe('2030-07-04T19:00:00.000Z');
    expect(valleyNoon('2030-01-15').toISOString()).toBe('2030-01-15T20:00:00.000Z');
    // The days of the daylight-saving changes (10 March and 3 November 2030).
    expect(valleyNoon('2030-03-10').toISOString()).toBe('2030-03-10T19:00:00.000Z');
    expect(valleyNoon('2030-11-03').toISOString()).toBe('2030-11-03T20:00:00.000Z');
  });

  it("reads an instant's day in the valley, not in UTC", () => {
    expect(valleyDayOf(new Date('2030-07-05T03:00:00Z'))).toBe('2030-07-04');
    expect(valleyDayOf(new Date('2030-07-05T08:00:00Z'))).toBe('2030-07-05');
    expect(valleyDayOf(valleyNoon('2030-12-31'))).toBe('2030-12-31');
  });
});
