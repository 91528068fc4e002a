import { describe, expect, it } from 'vitest';
import { ruleInWords, seriesDates } from './series-dates';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const now = new Date('2030-10-01T12:00:00Z');

describe("a series' dates", () => {
  it('weekly for a count: the template first when it fits, then at 9:00 on the clock across the November change', () => {
    // Saturday 2030-10-26, 9:00 PDT. Daylight saving ends on Sunday 2030-11-03.
    const template = { date: new Date('2030-10-26T16:00:00Z'), canJoin: true };
    const plan = seriesDates(
      template,
      { frequency: 'weekly', weekday: 'saturday' },
      { kind: 'count', count: 4 },
      now,
    );
    expect(plan.templateJoins).toBe(true);
    expect(plan.walkCount).toBe(4);
    expect(iso(plan.newWalks)).toEqual([
      '2030-11-02T16:00:00.000Z', // 9:00 PDT
      '2030-11-09T17:00:00.000Z', // 9:00 PST
      '2030-11-16T17:00:00.000Z',
    ]);
  });

  it('weekly until a date (that day included), starting after a template on another weekday', () => {
    // Wednesday 2030-10-23 at 7:30 PDT, repeated on Saturdays.
    const template = { date: new Date('2030-10-23T14:30:00Z'), canJoin: true };
    const plan = seriesDates(
      template,
      { frequency: 'weekly', weekday: 'saturday' },
      { kind: 'until', until: '2030-11-09' },
      now,
    );
    expect(plan.templateJoins).toBe(false);
    expect(iso(plan.newWalks)).toEqual([
      '2030-10-26T14:30:00.000Z',
      '2030-11-02T14:30:00.000Z',
      '2030-11-09T15:30:00.000Z', // 7:30 PST
    ]);
  });

  it('stays at the same time across the spring change too', () => {
    // Saturday 2031-03-01, 9:00 PST; daylight saving starts on Sunday 2031-03-09.
    const template = { date: new Date('2031-03-01T17:00:00Z'), canJoin: true };
    const plan = seriesDates(
      template,
      { frequency: 'weekly', weekday: 'saturday' },
      { kind: 'count', count: 3 },
      now,
    );
    expect(iso(plan.newWalks)).toEqual(['2031-03-08T17:00:00.000Z', '2031-03-15T16:00:00.000Z']);
  });

  it('monthly on the second Saturday, for a count, across the November change', () => {
    // 2030-10-12 is the second Saturday of October; 7:30 PDT.
    const template = { date: new Date('2030-10-12T14:30:00Z'), canJoin: true };
    const plan = seriesDates(
      template,
      { frequency: 'monthly', weekday: 'saturday', weekOfMonth: 'second' },
      { kind: 'count', count: 3 },
      now,
    );
    expect(plan.templateJoins).toBe(true);
    expect(iso(plan.newWalks)).toEqual(['2030-11-09T15:30:00.000Z', '2030-12-14T15:30:00.000Z']);
  });

  it('monthly on the last Sunday, until a date', () => {
    // Thursday 2030-10-03 at 16:00 PDT; the last Sundays: Oct 27, Nov 24, Dec 29; Jan 26 is past the end.
    const template = { date: new Date('2030-10-03T23:00:00Z'), canJoin: true };
    const plan = seriesDates(
      template,
      { frequency: 'monthly', weekday: 'sunday', weekOfMonth: 'last' },
      { kind: 'until', until: '2031-01-25' },
      now,
    );
    expect(plan.templateJoins).toBe(false);
    expect(iso(plan.newWalks)).toEqual([
      '2030-10-27T23:00:00.000Z',
      '2030-11-25T00:00:00.000Z', // 16:00 PST on the 24th
      '2030-12-30T00:00:00.000Z',
    ]);
  });

  it('never makes a walk in the past, and a past template does not join', () => {
    // Saturday 2030-09-14, two and a half weeks before `now` (Tuesday 2030-10-01).
    const template = { date: new Date('2030-09-14T16:00:00Z'), canJoin: true };
    const plan = seriesDates(
      template,
      { frequency: 'weekly', weekday: 'saturday' },
      { kind: 'count', count: 2 },
      now,
    );
    expect(plan.templateJoins).toBe(false);
    expect(iso(plan.newWalks)).toEqual(['2030-10-05T16:00:00.000Z', '2030-10-12T16:00:00.000Z']);
  });

  it("leaves out the template's own day when it cannot join (never two walks that day)", () => {
    const template = { date: new Date('2030-10-26T16:00:00Z'), canJoin: false };
    const plan = seriesDates(
      template,
      { frequency: 'weekly', weekday: 'saturday' },
      { kind: 'count', count: 2 },
      now,
    );
    expect(plan.templateJoins).toBe(false);
    expect(iso(plan.newWalks)).toEqual(['2030-11-02T16:00:00.000Z', '2030-11-09T17:00:00.000Z']);
  });

  it('says when an end date gives more than 52 walks, and stops counting there', () => {
    const template = { date: new Date('2030-10-26T16:00:00Z'), canJoin: true };
    const plan = seriesDates(
      template,
      { frequency: 'weekly', weekday: 'saturday' },
      { kind: 'until', until: '2032-01-01' },
      now,
    );
    expect(plan.overCap).toBe(true);
    expect(plan.walkCount).toBe(53);
    expect(plan.newWalks).toHaveLength(51);
    // A year of Saturdays (52 walks, the template's included) is the most.
    const year = seriesDates(
      template,
      { frequency: 'weekly', weekday: 'saturday' },
      { kind: 'until', until: '2031-10-18' },
      now,
    );
    expect(year).toMatchObject({ overCap: false, walkCount: 52 });
  });
});

describe('a rule in words', () => {
  it('names the weekday, and the week of the month', () => {
    expect(ruleInWords({ frequency: 'weekly', weekday: 'saturday' })).toBe('Every Saturday');
    expect(ruleInWords({ frequency: 'monthly', weekday: 'saturday', weekOfMonth: 'second' })).toBe(
      'Second Saturday of the month',
    );
    expect(ruleInWords({ frequency: 'monthly', weekday: 'sunday', weekOfMonth: 'last' })).toBe(
      'Last Sunday of the month',
    );
  });
});
