import { describe, expect, it } from 'vitest';
import { toAdminEvent, toEvent, toWalkDetailColumns } from './event-mapping';
import type { EventRowWithCounts } from './events.repository';

// The columns the mapping reads.
const row = {
  id: 6,
  title: 'Mount St. Helena Summit Hike',
  description: 'Up to the summit.',
  location: 'Robert Louis Stevenson State Park, Calistoga, CA',
  date: new Date('2030-06-01T15:00:00.000Z'),
  capacity: 12,
  price: 15,
  imageUrl: null,
  createdAt: new Date('2030-01-01T00:00:00.000Z'),
  cancelledAt: null,
  seedKey: null,
  updatedAt: new Date('2030-01-01T00:00:00.000Z'),
  distanceMiles: '10.0',
  elevationGainFeet: 2300,
  difficulty: 'challenging',
  durationMinutes: 360,
  minimumAge: 12,
  familyFriendly: false,
  dogsAllowed: false,
  accessibilityNotes: 'Steep and rocky.',
  meetingLatitude: 38.6528,
  meetingLongitude: -122.5999,
  whatToBring: 'Water.',
  waiverRequired: true,
  askEmergencyContact: true,
  leaderContactName: 'Joel Martin',
  leaderContactPhone: '(707) 555-0128',
  earlyReminderDays: 2,
  dayReminderTime: '07:00:00',
  refundCutoffDays: null,
  seatsTaken: 2,
  waitlistCount: 0,
} as EventRowWithCounts;

describe('a stored walk as clients see it', () => {
  it("carries the walk's details: the distance as a number, the meeting point as one pair", () => {
    expect(toEvent(row, new Date('2030-05-01T00:00:00.000Z'))).toMatchObject({
      distanceMiles: 10,
      elevationGainFeet: 2300,
      difficulty: 'challenging',
      durationMinutes: 360,
      minimumAge: 12,
      familyFriendly: false,
      dogsAllowed: false,
      accessibilityNotes: 'Steep and rocky.',
      meetingPoint: { latitude: 38.6528, longitude: -122.5999 },
      whatToBring: 'Water.',
      waiverRequired: true,
      askEmergencyContact: true,
      seatsLeft: 10,
      isPast: false,
    });
    expect(
      toEvent({ ...row, distanceMiles: null, meetingLatitude: null, meetingLongitude: null }),
    ).toMatchObject({ distanceMiles: null, meetingPoint: null });
  });

  it("never carries the leader's contact, which only the admin's shape has", () => {
    const event = toEvent(row);
    expect(Object.keys(event).filter((key) => key.startsWith('leader'))).toEqual([]);
    expect(JSON.stringify(event)).not.toContain('555-0128');
    expect(toAdminEvent(row)).toEqual({
      ...event,
      leaderContactName: 'Joel Martin',
      leaderContactPhone: '(707) 555-0128',
      earlyReminderDays: 2,
      dayReminderTime: '07:00',
    });
  });
});

describe("the admin's input as stored", () => {
  it('writes the distance as Postgres reads it back, a blank text and a left-out detail as none', () => {
    const base = {
      title: 'Walk',
      description: 'A walk.',
      location: 'Napa, CA',
      date: '2030-06-01T15:00:00.000Z',
      capacity: 10,
      price: 0,
    };
    expect(
      toWalkDetailColumns({
        ...base,
        distanceMiles: 4.2,
        meetingPoint: { latitude: 38.3, longitude: -122.3 },
        whatToBring: '',
        dogsAllowed: true,
      }),
    ).toEqual({
      distanceMiles: '4.2',
      elevationGainFeet: null,
      difficulty: null,
      durationMinutes: null,
      minimumAge: null,
      familyFriendly: false,
      dogsAllowed: true,
      accessibilityNotes: null,
      meetingLatitude: 38.3,
      meetingLongitude: -122.3,
      whatToBring: null,
      // Before the walk (decision 038): left out, nothing asked.
      waiverRequired: false,
      askEmergencyContact: false,
      leaderContactName: null,
      leaderContactPhone: null,
      // Reminders left out: the defaults, as Postgres gives a time back.
      earlyReminderDays: 2,
      dayReminderTime: '07:00:00',
      refundCutoffDays: null,
    });
    expect(toWalkDetailColumns({ ...base, distanceMiles: 10 }).distanceMiles).toBe('10.0');
    expect(toWalkDetailColumns({ ...base, earlyReminderDays: null, dayReminderTime: null })).toMatchObject({
      earlyReminderDays: null,
      dayReminderTime: null,
    });
  });
});
