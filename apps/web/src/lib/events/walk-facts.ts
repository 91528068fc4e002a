import type { Event, WalkDifficulty } from '@jesus-walks/contracts/events';

/** A fact about a walk as shown ('4.2 mi') and as a screen reader should say it ('4.2 miles'). */
export interface WalkFact {
  key: 'distance' | 'elevation' | 'difficulty' | 'duration' | 'ages' | 'dogs';
  text: string;
  spoken: string;
}

type WalkDetails = Pick<
  Event,
  | 'distanceMiles'
  | 'elevationGainFeet'
  | 'difficulty'
  | 'durationMinutes'
  | 'minimumAge'
  | 'familyFriendly'
  | 'dogsAllowed'
>;

const difficultyNames: Record<WalkDifficulty, string> = {
  easy: 'Easy',
  moderate: 'Moderate',
  challenging: 'Challenging',
};

const miles = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const feet = new Intl.NumberFormat('en-US');

/** 'Easy', 'Moderate', 'Challenging'. */
export function difficultyName(difficulty: WalkDifficulty): string {
  return difficultyNames[difficulty];
}

/** 150 minutes: 'About 2 h 30 min', said 'About 2 hours 30 minutes'. */
export function durationFact(minutes: number): { text: string; spoken: string } {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const text = [hours > 0 ? `${hours} h` : null, rest > 0 ? `${rest} min` : null].filter(Boolean).join(' ');
  const spoken = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : null,
    rest > 0 ? `${rest} ${rest === 1 ? 'minute' : 'minutes'}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return { text: `About ${text}`, spoken: `About ${spoken}` };
}

/** Who may come: 'Ages 12+', 'Family friendly', or both; null when the walk says neither. */
function agesFact(walk: WalkDetails): { text: string; spoken: string } | null {
  const { minimumAge, familyFriendly } = walk;
  if (minimumAge !== null && familyFriendly) {
    return {
      text: `Family friendly, ages ${minimumAge}+`,
      spoken: `Family friendly, ages ${minimumAge} and up`,
    };
  }
  if (minimumAge !== null) return { text: `Ages ${minimumAge}+`, spoken: `Ages ${minimumAge} and up` };
  return familyFriendly ? { text: 'Family friendly', spoken: 'Family friendly' } : null;
}

/**
 * The walk's facts in the order a walker weighs them: '4.2 mi · 650 ft gain · Moderate · About 2 h
 * 30 min · Ages 8+ · Dogs welcome'. Only what its leader has given; 'No dogs' only beside other
 * facts (a walk without any details has said nothing about dogs either). Empty without details.
 */
export function walkFacts(walk: WalkDetails): WalkFact[] {
  const facts: WalkFact[] = [];
  if (walk.distanceMiles !== null) {
    const distance = miles.format(walk.distanceMiles);
    facts.push({
      key: 'distance',
      text: `${distance} mi`,
      spoken: `${distance} ${walk.distanceMiles === 1 ? 'mile' : 'miles'}`,
    });
  }
  if (walk.elevationGainFeet !== null) {
    const gain = feet.format(walk.elevationGainFeet);
    facts.push({ key: 'elevation', text: `${gain} ft gain`, spoken: `${gain} feet of elevation gain` });
  }
  if (walk.difficulty !== null) {
    const name = difficultyName(walk.difficulty);
    facts.push({ key: 'difficulty', text: name, spoken: name });
  }
  if (walk.durationMinutes !== null) facts.push({ key: 'duration', ...durationFact(walk.durationMinutes) });
  const ages = agesFact(walk);
  if (ages) facts.push({ key: 'ages', ...ages });
  if (walk.dogsAllowed) facts.push({ key: 'dogs', text: 'Dogs welcome', spoken: 'Dogs welcome' });
  else if (facts.length > 0) facts.push({ key: 'dogs', text: 'No dogs', spoken: 'No dogs' });
  return facts;
}

/** The facts as one sentence, for text without markup (search engines' description). */
export function walkFactsSentence(walk: WalkDetails): string | null {
  const spoken = walkFacts(walk).map((fact, index) =>
    index === 0 ? fact.spoken : fact.spoken.charAt(0).toLowerCase() + fact.spoken.slice(1),
  );
  return spoken.length > 0 ? `${spoken.join(', ')}.` : null;
}

/** 150 minutes: 'PT2H30M' (ISO 8601, as schema.org's `duration` takes it). */
export function isoDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}
