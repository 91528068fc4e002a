import type { Event } from '@jesus-walks/contracts/events';
import { describe, expect, it } from 'vitest';
import { askedAge, namedWalks, searchWords, streamWords, walkFactsInWords } from './built-in.provider';

const walk = (id: number, title: string): Event =>
  ({
    id,
    title,
    description: `About ${title}.`,
    location: 'Napa, CA',
    date: '2030-05-04T15:00:00.000Z',
    imageUrl: null,
    capacity: 10,
    price: 0,
    seatsTaken: 0,
    seatsLeft: 10,
    waitlistCount: 0,
    isPast: false,
    isCancelled: false,
  }) as unknown as Event;

const walks = [
  walk(1, 'Mount St. Helena Summit Hike'),
  walk(2, 'Lake Hennessey Sunset Walk'),
  walk(3, 'Napa Valley Vine Trail Walk'),
];

describe('walks a question names', () => {
  it('finds a walk by the words of its title that say which walk it is', () => {
    const named = (question: string) => namedWalks(walks, searchWords(question)).map((event) => event.id);
    expect(named('Is the Mount St. Helena hike hard? Can my 8 year old come?')).toEqual([1]);
    expect(named('How long is the Hennessey walk?')).toEqual([2]);
    expect(named('What should I bring on a hike?')).toEqual([]);
    // 'Napa', 'Valley', 'Trail' and 'Walk' name no walk in particular; 'Vine' alone is too short.
    expect(named('Any walk in the Napa Valley on a trail?')).toEqual([]);
  });
});

describe("a walk's details in words", () => {
  const details = {
    distanceMiles: null,
    elevationGainFeet: null,
    difficulty: null,
    durationMinutes: null,
    minimumAge: null,
    familyFriendly: false,
    dogsAllowed: false,
    accessibilityNotes: null,
    meetingPoint: null,
    whatToBring: null,
  };
  const summit = {
    ...walk(1, 'Mount St. Helena Summit Hike'),
    ...details,
    distanceMiles: 10,
    elevationGainFeet: 2300,
    difficulty: 'challenging',
    durationMinutes: 360,
    minimumAge: 12,
    whatToBring: '2 liters of water.',
  } as Event;

  it('say how hard and how far, who may come, and the dogs', () => {
    expect(walkFactsInWords(summit)).toBe(
      'A challenging walk: about 10 miles, 2,300 ft of climbing, about 6 hours. For ages 12 and up. No dogs.',
    );
    const vineyard = {
      ...summit,
      ...details,
      difficulty: 'easy',
      distanceMiles: 3.5,
      familyFriendly: true,
      dogsAllowed: true,
    } as Event;
    expect(walkFactsInWords(vineyard)).toBe(
      'An easy walk: about 3.5 miles. Family friendly. Dogs welcome on a leash.',
    );
    // A walk without details says nothing, not even about dogs.
    expect(walkFactsInWords({ ...summit, ...details } as Event)).toBeNull();
  });

  it("find the child's age in a question", () => {
    expect(askedAge('Is the Mount St. Helena hike hard? Can my 8 year old come?')).toBe(8);
    expect(askedAge('Can an 11-year-old do it?')).toBe(11);
    expect(askedAge('my 6yo loves walking')).toBe(6);
    expect(askedAge('kids aged 10')).toBe(10);
    expect(askedAge('Is it 10 miles?')).toBeNull();
  });
});

describe('streaming a composed answer', () => {
  it('sends it a word at a time, the pieces joining back into the answer exactly', async () => {
    const pieces: string[] = [];
    const answer = 'Our most  challenging walk:\nabout 10 miles. ';
    await streamWords(answer, (text) => pieces.push(text), new AbortController().signal, {
      wordMs: 1,
      totalMs: 50,
    });
    expect(pieces).toEqual(['Our', ' most', '  challenging', ' walk:', '\nabout', ' 10', ' miles. ']);
    expect(pieces.join('')).toBe(answer);
  });

  it('spaces the words out, within the total time allowed', async () => {
    const times: number[] = [];
    const startedAt = performance.now();
    await streamWords(
      'one two three four five six',
      () => times.push(performance.now() - startedAt),
      new AbortController().signal,
      {
        wordMs: 20,
        totalMs: 60,
      },
    );
    expect(times).toHaveLength(6);
    // Six words within 60 ms: 10 ms apart, not 20.
    expect(times.at(-1) ?? 0).toBeGreaterThanOrEqual(45);
    expect(times.at(-1) ?? 0).toBeLessThan(1_000);
  });

  it('stops when the question is abandoned', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    await streamWords(
      'one two three',
      (text) => {
        pieces.push(text);
        controller.abort();
      },
      controller.signal,
      { wordMs: 1, totalMs: 10 },
    );
    expect(pieces).toEqual(['one']);
  });
});
