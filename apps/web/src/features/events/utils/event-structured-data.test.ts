import { describe, expect, it } from 'vitest';
import { jsonLd } from '@/lib/structured-data';
import { anEvent } from '@/testing/api-stubs';
import { eventStructuredData, eventSummary } from './event-structured-data';

const event = anEvent({
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
});

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

  it("carries the walk's details that schema.org's Event takes, and says the others in its description", () => {
    const summit = anEvent({
      ...event,
      price: 15,
      distanceMiles: 10,
      elevationGainFeet: 2300,
      difficulty: 'challenging',
      durationMinutes: 360,
      minimumAge: 12,
      meetingPoint: { latitude: 38.6528, longitude: -122.5999 },
    });
    const data = eventStructuredData(summit, 'https://walks.example');
    expect(data).toMatchObject({
      startDate: '2030-05-04T13:30:00.000Z',
      endDate: '2030-05-04T19:30:00.000Z',
      duration: 'PT6H',
      typicalAgeRange: '12-',
      isAccessibleForFree: false,
      location: {
        '@type': 'Place',
        name: 'Skyline Park, Napa, CA',
        address: 'Skyline Park, Napa, CA',
        geo: { '@type': 'GeoCoordinates', latitude: 38.6528, longitude: -122.5999 },
        hasMap: 'https://www.google.com/maps/search/?api=1&query=38.6528%2C-122.5999',
      },
    });
    expect(data.description).toBe(
      'Early.\n\n10 miles, 2,300 feet of elevation gain, challenging, about 6 hours, ages 12 and up, no dogs.',
    );
    // The leader's contact is not in the public event at all.
    expect(jsonLd(data)).not.toMatch(/leader|phone/i);
  });

  it('leaves out what a walk without details does not say', () => {
    const data = eventStructuredData(event, 'https://walks.example');
    expect(data.description).toBe('Early.');
    expect(data.isAccessibleForFree).toBe(true);
    expect(data.location).toEqual({
      '@type': 'Place',
      name: 'Skyline Park, Napa, CA',
      address: 'Skyline Park, Napa, CA',
    });
    for (const key of ['endDate', 'duration', 'typicalAgeRange']) expect(data, key).not.toHaveProperty(key);
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
