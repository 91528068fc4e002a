import { describe, expect, it } from 'vitest';
import { anEvent } from '@/testing/api-stubs';
import { durationFact, isoDuration, walkFacts, walkFactsSentence } from './walk-facts';

const ridge = anEvent({
  distanceMiles: 4.2,
  elevationGainFeet: 650,
  difficulty: 'moderate',
  durationMinutes: 150,
  minimumAge: 8,
  dogsAllowed: true,
});

describe("a walk's facts", () => {
  it('are shown short and said in full, in the order a walker weighs them', () => {
    expect(walkFacts(ridge).map((fact) => fact.text)).toEqual([
      '4.2 mi',
      '650 ft gain',
      'Moderate',
      'About 2 h 30 min',
      'Ages 8+',
      'Dogs welcome',
    ]);
    expect(walkFacts(ridge).map((fact) => fact.spoken)).toEqual([
      '4.2 miles',
      '650 feet of elevation gain',
      'Moderate',
      'About 2 hours 30 minutes',
      'Ages 8 and up',
      'Dogs welcome',
    ]);
  });

  it('say who may come: a minimum age, family friendly, or both', () => {
    const ages = (overrides: Parameters<typeof anEvent>[0]) =>
      walkFacts(anEvent({ difficulty: 'easy', ...overrides })).find((fact) => fact.key === 'ages')?.text;
    expect(ages({ minimumAge: 12 })).toBe('Ages 12+');
    expect(ages({ familyFriendly: true })).toBe('Family friendly');
    expect(ages({ familyFriendly: true, minimumAge: 5 })).toBe('Family friendly, ages 5+');
    expect(ages({})).toBeUndefined();
  });

  it('say "No dogs" only beside other facts: a walk without details says nothing', () => {
    expect(walkFacts(anEvent())).toEqual([]);
    expect(walkFactsSentence(anEvent())).toBeNull();
    expect(walkFacts(anEvent({ difficulty: 'challenging' })).map((fact) => fact.text)).toEqual([
      'Challenging',
      'No dogs',
    ]);
    expect(walkFacts(anEvent({ dogsAllowed: true })).map((fact) => fact.text)).toEqual(['Dogs welcome']);
  });

  it('formats distances, feet and durations', () => {
    expect(
      walkFacts(anEvent({ distanceMiles: 10, elevationGainFeet: 2300 })).map((fact) => fact.text),
    ).toEqual(['10 mi', '2,300 ft gain', 'No dogs']);
    expect(walkFacts(anEvent({ distanceMiles: 1 }))[0]?.spoken).toBe('1 mile');
    expect(durationFact(60)).toEqual({ text: 'About 1 h', spoken: 'About 1 hour' });
    expect(durationFact(45)).toEqual({ text: 'About 45 min', spoken: 'About 45 minutes' });
    expect(durationFact(361).spoken).toBe('About 6 hours 1 minute');
  });

  it('read as one sentence for search engines', () => {
    expect(walkFactsSentence(ridge)).toBe(
      '4.2 miles, 650 feet of elevation gain, moderate, about 2 hours 30 minutes, ages 8 and up, dogs welcome.',
    );
  });
});

describe('the duration for other apps', () => {
  it('writes a duration in ISO 8601', () => {
    expect(isoDuration(150)).toBe('PT2H30M');
    expect(isoDuration(360)).toBe('PT6H');
    expect(isoDuration(45)).toBe('PT45M');
  });
});
