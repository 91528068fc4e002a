import { describe, expect, it } from 'vitest';
import { anEvent } from '@/testing/api-stubs';
import { blankEventForm, eventFormDefaults, eventFormSchema, toEventInput } from './event-form';

const valid = {
  title: ' Sunrise Ridge ',
  description: 'Up before the sun.',
  location: 'Atlas Peak',
  when: '2030-07-04T06:30',
  capacity: '12',
  price: '15',
  imageUrl: '',
};

function messages(values: Record<string, string>) {
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
    const event = anEvent({ date: '2030-12-05T17:00:00.000Z', capacity: 8, price: 0, imageUrl: null });
    expect(eventFormDefaults(event)).toEqual({
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
});
