import { DEFAULT_WALK_DURATION_MINUTES } from '@jesus-walks/contracts/constants';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { type CalendarWalk, walkCalendar } from './walk-calendar';

/** What we write, read back by ical.js (a maintained parser), never by our own writer. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

const walk: CalendarWalk = {
  id: 7,
  title: 'Sunrise Prayer Walk; Stags Leap, Napa',
  description: 'We climb to the overlook for sunrise.\nBring water, and a layer for the morning chill.',
  location: 'Stags Leap trailhead, 5766 Silverado Trail, Napa, CA',
  start: new Date('2030-05-04T13:30:00Z'),
  durationMinutes: 150,
  geo: { latitude: 38.3994, longitude: -122.3193 },
  cancelled: false,
  sequence: 12,
  lastModified: new Date('2030-04-01T08:00:00Z'),
  url: 'https://jesuswalks.example/events/7',
};

describe('walkCalendar', () => {
  it('writes a feed a calendar can subscribe to: named, refreshed hourly, one VEVENT per walk', () => {
    const text = walkCalendar([walk, { ...walk, id: 8, geo: null }], {
      host: 'jesuswalks.example',
      feed: { name: 'Jesus Walks — walks', url: 'https://jesuswalks.example/events.ics' },
    });
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Jesus Walks//walks//EN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Jesus Walks — walks');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(events.map((event) => event.getFirstPropertyValue('uid'))).toEqual([
      'walk-7@jesuswalks.example',
      'walk-8@jesuswalks.example',
    ]);
  });

  it('says when, where and how long in UTC, with its sequence, status, stamp and page', () => {
    const { events } = parse(walkCalendar([walk], { host: 'jesuswalks.example' }));
    const vevent = events[0] as ICAL.Component;
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe(walk.title);
    expect(event.location).toBe(walk.location);
    expect(event.description).toBe(`${walk.description}\n\n${walk.url}`);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-05-04T13:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-05-04T16:00:00.000Z');
    expect(event.sequence).toBe(12);
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('geo')).toEqual([38.3994, -122.3193]);
    expect(vevent.getFirstPropertyValue('url')).toBe(walk.url);
    for (const name of ['dtstamp', 'last-modified']) {
      const time = vevent.getFirstPropertyValue(name) as ICAL.Time;
      expect(time.zone?.tzid, name).toBe('UTC');
      expect(time.toJSDate().toISOString(), name).toBe('2030-04-01T08:00:00.000Z');
    }
  });

  it('marks a cancelled walk (STATUS and title), and gives a walk of unknown length the default', () => {
    const { events } = parse(
      walkCalendar([{ ...walk, cancelled: true, durationMinutes: null, geo: null }], {
        host: 'jesuswalks.example',
      }),
    );
    const vevent = events[0] as ICAL.Component;
    const event = new ICAL.Event(vevent);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.summary).toBe(`Cancelled: ${walk.title}`);
    expect(event.description.startsWith('This walk has been cancelled.')).toBe(true);
    expect(event.endDate.toJSDate().getTime() - walk.start.getTime()).toBe(
      DEFAULT_WALK_DURATION_MINUTES * 60_000,
    );
    expect(vevent.hasProperty('geo')).toBe(false);
  });

  it('writes a one-off file (to import) without a feed’s name or refresh', () => {
    const { calendar } = parse(walkCalendar([walk], { host: 'jesuswalks.example' }));
    expect(calendar.hasProperty('x-wr-calname')).toBe(false);
    expect(calendar.hasProperty('refresh-interval')).toBe(false);
  });

  it('gives the same bytes for the same walks, in lines of at most 75 octets ended by CRLF', () => {
    const long = { ...walk, description: 'Vineyards, oaks and the valley floor — '.repeat(20) };
    const text = walkCalendar([long], { host: 'jesuswalks.example' });
    expect(walkCalendar([long], { host: 'jesuswalks.example' })).toBe(text);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(new ICAL.Event(parse(text).events[0]).description).toBe(`${long.description}\n\n${walk.url}`);
  });
});
