import { describe, expect, it } from 'vitest';
import {
  formatValleyDate,
  formatValleyDateTime,
  formatValleyTime,
  isoToValleyLocal,
  isValleyLocal,
  valleyLocalToIso,
} from './valley-time';

describe('valley time (America/Los_Angeles), whatever the machine’s zone', () => {
  it('reads a summer wall-clock time as UTC-7 and a winter one as UTC-8', () => {
    expect(valleyLocalToIso('2030-07-04T09:00')).toBe('2030-07-04T16:00:00.000Z');
    expect(valleyLocalToIso('2030-01-15T09:30')).toBe('2030-01-15T17:30:00.000Z');
  });

  it('crosses midnight in UTC without changing the valley’s day', () => {
    expect(valleyLocalToIso('2030-07-04T20:15')).toBe('2030-07-05T03:15:00.000Z');
    expect(isoToValleyLocal('2030-07-05T03:15:00.000Z')).toBe('2030-07-04T20:15');
  });

  it('round-trips every hour of a day on either side of the daylight-saving changes', () => {
    for (const day of ['2030-03-09', '2030-03-11', '2030-11-02', '2030-11-04']) {
      for (let hour = 0; hour < 24; hour += 1) {
        const local = `${day}T${String(hour).padStart(2, '0')}:45`;
        expect(isoToValleyLocal(valleyLocalToIso(local)), local).toBe(local);
      }
    }
  });

  it('takes the first of a repeated hour and moves a skipped one an hour on', () => {
    // 1:30 happens twice on 3 November 2030: first in PDT (UTC-7).
    expect(valleyLocalToIso('2030-11-03T01:30')).toBe('2030-11-03T08:30:00.000Z');
    // 2:30 does not exist on 10 March 2030 (clocks go from 2:00 to 3:00).
    expect(isoToValleyLocal(valleyLocalToIso('2030-03-10T02:30'))).toBe('2030-03-10T03:30');
  });

  it('shows an instant as the valley’s wall clock from an event’s ISO date', () => {
    expect(isoToValleyLocal('2030-05-04T16:00:00.000Z')).toBe('2030-05-04T09:00');
    expect(isoToValleyLocal('2030-12-24T18:05:00-08:00')).toBe('2030-12-24T18:05');
    expect(formatValleyDateTime('2030-07-04T16:00:00.000Z')).toBe('Thu, Jul 4, 2030, 9:00 AM PDT');
  });

  it('accepts only real datetime-local values', () => {
    expect(isValleyLocal('2030-05-04T09:00')).toBe(true);
    for (const bad of ['', '2030-05-04', '2030-02-30T09:00', '2030-05-04T24:00', '2030-05-04 09:00']) {
      expect(isValleyLocal(bad), bad).toBe(false);
    }
    expect(() => valleyLocalToIso('tomorrow')).toThrow(RangeError);
  });

  it('gives an order’s day and time as the valley’s, the zone named (PDT in summer, PST in winter)', () => {
    // Already the next day in UTC: the valley's day is still the 4th.
    expect(formatValleyDate('2030-07-05T03:15:00.000Z')).toBe('Jul 4, 2030');
    expect(formatValleyTime('2030-07-05T03:15:00.000Z')).toBe('8:15 PM PDT');
    expect(formatValleyDate('2030-01-15T17:30:00.000Z')).toBe('Jan 15, 2030');
    expect(formatValleyTime('2030-01-15T17:30:00.000Z')).toBe('9:30 AM PST');
    expect(formatValleyDate('not a date')).toBe('not a date');
  });
});
