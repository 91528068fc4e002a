import type { Event } from '@jesus-walks/contracts/events';
import { describe, expect, it } from 'vitest';
import { jsonLd } from '@/lib/structured-data';
import { eventStructuredData, eventSummary } from './event-structured-data';

const event: Event = {
  id: 7,
  title: 'Sunrise Walk',
  imageUrl: '/images/events/skyline-sunrise.svg',
  date: '2030-05-04T13:30:00.000Z',
  location: 'Skyline Park, Napa, CA',
  description: 'Early.',
  capacity: 10,
  price: 0,
  seatsTaken: 10,
  seatsLeft: 0,
  waitlistCount: 2,
  isPast: false,
  isCancelled: false,
};

describe('eventStructuredData', () => {
  it('describes the event for search engines', () => {
    expect(eventStructuredData(event, 'https://walks.example')).toMatchObject({
      '@type': 'Event',
      name: 'Sunrise Walk',
      startDate: '2030-05-04T13:30:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      image: ['https://walks.example/images/events/skyline-sunrise.svg'],
      offers: { price: '0.00', priceCurrency: 'USD', availability: 'https://schema.org/SoldOut' },
    });
    expect(eventStructuredData({ ...event, isCancelled: true }, 'https://walks.example').eventStatus).toBe(
      'https://schema.org/EventCancelled',
    );
  });

  it('summarises the description in at most 160 characters', () => {
    expect(eventSummary({ ...event, description: 'Early  walk.\nBring water.' })).toBe(
      'Early walk. Bring water.',
    );
    const long = eventSummary({ ...event, description: 'word '.repeat(60) });
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('...')).toBe(true);
  });

  it('never lets a title close the script tag', () => {
    expect(jsonLd({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
