import { describe, expect, it } from 'vitest';
import { walkMapUrl } from './constants';

describe('walkMapUrl', () => {
  it('opens the meeting point’s coordinates in the phone’s maps app', () => {
    expect(walkMapUrl({ latitude: 38.6528, longitude: -122.5999 })).toBe(
      'https://www.google.com/maps/search/?api=1&query=38.6528%2C-122.5999',
    );
  });

  it('searches for the place by name when the walk has no coordinates', () => {
    expect(walkMapUrl('Skyline Park, Napa & Co.')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Skyline%20Park%2C%20Napa%20%26%20Co.',
    );
  });
});
