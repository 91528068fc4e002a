import { describe, expect, it } from 'vitest';
import { seedEventDate, seedEvents } from './seed';

describe('seed event dates', () => {
  it('start at their hour on the clock in Napa, summer (UTC-7) and winter (UTC-8)', () => {
    const summer = new Date('2030-07-01T12:00:00Z');
    const winter = new Date('2030-01-10T12:00:00Z');
    expect(seedEventDate({ inDays: 3, hour: 9, minute: 30 }, summer).toISOString()).toBe(
      '2030-07-04T16:30:00.000Z',
    );
    expect(seedEventDate({ inDays: 3, hour: 9, minute: 30 }, winter).toISOString()).toBe(
      '2030-01-13T17:30:00.000Z',
    );
  });

  it('has at least six upcoming walks, two past ones, and a few paid ones', () => {
    expect(seedEvents.filter((event) => event.inDays > 0).length).toBeGreaterThanOrEqual(6);
    expect(seedEvents.filter((event) => event.inDays < 0).length).toBeGreaterThanOrEqual(2);
    expect(seedEvents.filter((event) => event.price > 0).length).toBeGreaterThanOrEqual(2);
    expect(new Set(seedEvents.map((event) => event.seedKey)).size).toBe(seedEvents.length);
  });
});
