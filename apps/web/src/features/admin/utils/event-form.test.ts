import { describe, expect, it } from 'vitest';
import { anAdminEvent } from '@/testing/api-stubs';
import {
  blankEventForm,
  COORDINATES_FORMAT,
  type EventFormValues,
  eventFormDefaults,
  eventFormSchema,
  hoursToMinutes,
  toEventInput,
} from './event-form';

const valid: EventFormValues = {
  ...blankEventForm,
  title: ' Sunrise Ridge ',
  description: 'Up before the sun.',
  location: 'Atlas Peak',
  when: '2030-07-04T06:30',
  capacity: '12',
  price: '15',
  imageUrl: '',
};

function messages(values: EventFormValues) {
  const result = eventFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the event form', () => {
  it('turns the valley’s wall clock into the instant the API takes, price and capacity into numbers', () => {
    const parsed = eventFormSchema.parse(valid);
    expect(toEventInput(parsed)).toEqual({
      title: 'Sunrise Ridge',
      description: 'Up before the sun.',
      location: 'Atlas Peak',
      date: '2030-07-04T13:30:00.000Z',
      capacity: 12,
      price: 15,
      imageUrl: null,
      distanceMiles: null,
      elevationGainFeet: null,
      difficulty: null,
      durationMinutes: null,
      minimumAge: null,
      familyFriendly: false,
      dogsAllowed: false,
      waiverRequired: false,
      askEmergencyContact: false,
      meetingPoint: null,
      accessibilityNotes: null,
      whatToBring: null,
      leaderContactName: null,
      leaderContactPhone: null,
      refundCutoffDays: null,
      earlyReminderDays: 2,
      dayReminderTime: '07:00',
    });
  });

  it('sends the reminders as chosen: blank is none, a time as the browser gives it', () => {
    const off = eventFormSchema.parse({ ...valid, earlyReminderDays: '', dayReminderTime: '' });
    expect(toEventInput(off)).toMatchObject({ earlyReminderDays: null, dayReminderTime: null });
    const own = eventFormSchema.parse({ ...valid, earlyReminderDays: '7', dayReminderTime: '05:30:00' });
    expect(toEventInput(own)).toMatchObject({ earlyReminderDays: 7, dayReminderTime: '05:30' });
    expect(messages({ ...valid, earlyReminderDays: '30' })).toEqual({
      earlyReminderDays: 'The early reminder goes 1 to 14 days before the walk',
    });
  });

  it('shows the contract’s messages', () => {
    expect(messages(blankEventForm)).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      location: 'Location is required',
      when: 'Date and time are required',
    });
    expect(messages({ ...valid, capacity: '0', price: '-1' })).toEqual({
      capacity: 'Capacity must be at least 1',
      price: 'Price cannot be negative',
    });
    expect(messages({ ...valid, capacity: '2.5', price: '9.99' })).toEqual({
      capacity: 'Capacity must be a whole number',
      price: 'Price is in whole dollars',
    });
    expect(messages({ ...valid, capacity: '', imageUrl: 'ftp://x' })).toEqual({
      capacity: 'Capacity is required',
      imageUrl: 'Image URL must be a site path (/images/...) or an http(s) URL',
    });
    expect(messages({ ...valid, when: '2030-02-30T10:00' })).toEqual({
      when: 'Please enter a valid date and time',
    });
  });

  it('keeps an image URL that is given', () => {
    const parsed = eventFormSchema.parse({ ...valid, imageUrl: ' /images/events/ridge.svg ' });
    expect(toEventInput(parsed).imageUrl).toBe('/images/events/ridge.svg');
  });

  it('fills in an event for editing with its valley date and time', () => {
    const event = anAdminEvent({ date: '2030-12-05T17:00:00.000Z', capacity: 8, price: 0, imageUrl: null });
    expect(eventFormDefaults(event)).toEqual({
      ...blankEventForm,
      title: 'Vineyard Loop',
      description: 'A walk',
      location: 'Napa',
      when: '2030-12-05T09:00',
      capacity: '8',
      price: '0',
      imageUrl: '',
    });
    expect(toEventInput(eventFormSchema.parse(eventFormDefaults(event))).date).toBe(event.date);
  });

  it('takes the trail details as typed: numbers, hours, the coordinates Google Maps copies', () => {
    const parsed = eventFormSchema.parse({
      ...valid,
      distanceMiles: '4.2',
      elevationGainFeet: '650',
      difficulty: 'moderate',
      duration: '2:30',
      minimumAge: '8',
      familyFriendly: false,
      dogsAllowed: true,
      meetingPoint: ' 38.41871, -122.24843 ',
      accessibilityNotes: ' Rocky in places. ',
      whatToBring: '',
      leaderContactName: 'Joel Martin',
      leaderContactPhone: '(707) 555-0128',
    });
    expect(toEventInput(parsed)).toMatchObject({
      distanceMiles: 4.2,
      elevationGainFeet: 650,
      difficulty: 'moderate',
      durationMinutes: 150,
      minimumAge: 8,
      familyFriendly: false,
      dogsAllowed: true,
      meetingPoint: { latitude: 38.41871, longitude: -122.24843 },
      accessibilityNotes: 'Rocky in places.',
      whatToBring: null,
      leaderContactName: 'Joel Martin',
      leaderContactPhone: '(707) 555-0128',
    });
    expect(hoursToMinutes('2.5')).toBe(150);
    expect(hoursToMinutes('6')).toBe(360);
    expect(hoursToMinutes('about 2')).toBeNull();
  });

  it('shows the trail details’ messages, the contract’s where it has one', () => {
    expect(
      messages({
        ...valid,
        distanceMiles: '0',
        elevationGainFeet: 'lots',
        duration: '10 min',
        minimumAge: '8.5',
        meetingPoint: '38.65',
        leaderContactPhone: 'ask at the office',
      }),
    ).toEqual({
      distanceMiles: 'Distance must be between 0.1 and 100 miles',
      elevationGainFeet: 'Elevation gain must be a number',
      duration: 'Duration is in hours, e.g. 2.5 or 2:30',
      minimumAge: 'Minimum age must be a whole number',
      meetingPoint: COORDINATES_FORMAT,
      leaderContactPhone: 'Leader phone must be a phone number, e.g. (707) 555-0123',
    });
    expect(
      messages({ ...valid, distanceMiles: '4.25', duration: '0.1', meetingPoint: '95, -122.5' }),
    ).toEqual({
      distanceMiles: 'Distance has at most one decimal (4.2 miles)',
      duration: 'Duration must be between 15 minutes and 24 hours',
      meetingPoint: 'Latitude must be between -90 and 90',
    });
  });

  it('fills in the trail details and the leader of an event for editing, and sends them back unchanged', () => {
    const event = anAdminEvent({
      distanceMiles: 10,
      elevationGainFeet: 2300,
      difficulty: 'challenging',
      durationMinutes: 370,
      minimumAge: 12,
      meetingPoint: { latitude: 38.6528, longitude: -122.5999 },
      whatToBring: 'Water.',
      leaderContactName: 'Joel Martin',
      leaderContactPhone: '(707) 555-0128',
    });
    const values = eventFormDefaults(event);
    expect(values).toMatchObject({
      distanceMiles: '10',
      elevationGainFeet: '2300',
      difficulty: 'challenging',
      duration: '6:10',
      minimumAge: '12',
      meetingPoint: '38.6528, -122.5999',
      whatToBring: 'Water.',
      leaderContactPhone: '(707) 555-0128',
    });
    expect(toEventInput(eventFormSchema.parse(values))).toMatchObject({
      distanceMiles: 10,
      durationMinutes: 370,
      meetingPoint: event.meetingPoint,
      leaderContactName: 'Joel Martin',
      leaderContactPhone: '(707) 555-0128',
    });
  });
});
