import type { SeedContext } from '@jesus-walks/service-kit/service-definition';
import type { Kysely } from 'kysely';
import type { Env } from '../env';
import {
  fillSeedWalkDetails,
  findSeedEventId,
  insertSeedEvent,
  requireSeedWalkForms,
} from '../modules/events/events.repository';
import { hasSeriesFromTemplate } from '../modules/series/series.repository';
import { createSeries } from '../modules/series/series.service';
import { insertFirstWaiverVersion } from '../modules/waivers/waivers.repository';
import type { ContentAndEventsDatabase, WalkDifficultyColumn } from './database';

/** A demo walk's details (migration 0018), every one given. */
interface SeedWalkDetails {
  distanceMiles: string;
  elevationGainFeet: number;
  difficulty: WalkDifficultyColumn;
  durationMinutes: number;
  minimumAge: number | null;
  familyFriendly: boolean;
  dogsAllowed: boolean;
  accessibilityNotes: string;
  meetingLatitude: number;
  meetingLongitude: number;
  whatToBring: string;
  leaderContactName: string;
  /** 555-01xx: numbers reserved for fiction, so no real phone rings. */
  leaderContactPhone: string;
}

interface SeedEvent {
  seedKey: string;
  title: string;
  description: string;
  location: string;
  /** Days from today (negative: already happened). */
  inDays: number;
  /** Start, on the clock in Napa (Pacific time, summer or winter). */
  hour: number;
  minute?: number;
  capacity: number;
  /** Whole dollars, 0 = free. */
  price: number;
  imageUrl: string;
  details: SeedWalkDetails;
}

/**
 * Guided walks in and around the Napa Valley: six upcoming, two past. Dates are relative to the day
 * the seed first runs; the images ship with the web app (apps/web/public/images/events).
 */
export const seedEvents: readonly SeedEvent[] = [
  {
    seedKey: 'skyline-sunrise-prayer-walk',
    title: 'Sunrise Prayer Walk at Skyline Wilderness Park',
    description:
      'Meet at the park entrance in the early light and climb the Lake Marie Road at an easy pace as the sun comes up over the Vaca Mountains. We stop at the overlook for a short reading from Psalm 121 and a few minutes of quiet prayer, then walk back down for coffee in the picnic area. About 4 miles with 600 ft of gentle climbing; suitable for most walkers.',
    location: 'Skyline Wilderness Park, 2201 Imola Ave, Napa, CA',
    inDays: 6,
    hour: 7,
    capacity: 20,
    price: 0,
    imageUrl: '/images/events/skyline-sunrise.svg',
    details: {
      distanceMiles: '4.0',
      elevationGainFeet: 600,
      difficulty: 'easy',
      durationMinutes: 120,
      minimumAge: 10,
      familyFriendly: false,
      dogsAllowed: false,
      accessibilityNotes:
        'A dirt fire road with a steady, gentle climb; not suitable for wheelchairs or strollers. Restrooms at the park entrance.',
      meetingLatitude: 38.2852,
      meetingLongitude: -122.2473,
      whatToBring:
        'Water, a warm layer for the early chill, a flashlight for the first half hour, and sturdy shoes.',
      leaderContactName: 'Pastor Dan Reyes',
      leaderContactPhone: '(707) 555-0142',
    },
  },
  {
    seedKey: 'westwood-hills-fellowship-hike',
    title: 'Westwood Hills Fellowship Hike',
    description:
      'A loop through oak woodland and open meadows on the west edge of town, with views across the valley to Mount George. Friendly pace, plenty of stops, and a devotion on friendship at the top of the ridge. Families welcome; children must walk with a parent. About 3 miles.',
    location: 'Westwood Hills Park, 3100 Browns Valley Rd, Napa, CA',
    inDays: 13,
    hour: 9,
    capacity: 25,
    price: 0,
    imageUrl: '/images/events/westwood-hills.svg',
    details: {
      distanceMiles: '3.0',
      elevationGainFeet: 400,
      difficulty: 'easy',
      durationMinutes: 105,
      minimumAge: null,
      familyFriendly: true,
      dogsAllowed: true,
      accessibilityNotes:
        'Dirt trails with a few short, steep pitches; not suitable for wheelchairs or strollers. Benches at the ridge top.',
      meetingLatitude: 38.3006,
      meetingLongitude: -122.3287,
      whatToBring: 'Water, a hat and sunscreen, and a snack for the children. Dogs on a leash.',
      leaderContactName: 'Maria Lopez',
      leaderContactPhone: '(707) 555-0187',
    },
  },
  {
    seedKey: 'vineyard-loop-and-picnic',
    title: 'Vineyard Loop Walk & Picnic Lunch',
    description:
      'A flat, easy walk along the vineyard rows of the Oak Knoll district, guided by a local grower who talks about the vines, the seasons and the work of the harvest. We finish with a shared picnic lunch under the oaks (included in the price) and a blessing for the harvest. About 3.5 miles on farm roads.',
    location: 'Oak Knoll Avenue trailhead, Napa, CA',
    inDays: 20,
    hour: 9,
    minute: 30,
    capacity: 30,
    price: 25,
    imageUrl: '/images/events/vineyard-loop.svg',
    details: {
      distanceMiles: '3.5',
      elevationGainFeet: 50,
      difficulty: 'easy',
      durationMinutes: 180,
      minimumAge: null,
      familyFriendly: true,
      dogsAllowed: true,
      accessibilityNotes:
        'Level farm roads of packed gravel: an all-terrain stroller manages; a wheelchair may struggle after rain. A portable restroom at the picnic site.',
      meetingLatitude: 38.3578,
      meetingLongitude: -122.3222,
      whatToBring:
        'A sun hat, water and comfortable shoes; lunch is provided (tell the leader about any allergies). Dogs on a leash, with water for them too.',
      leaderContactName: 'Tom Becker',
      leaderContactPhone: '(707) 555-0119',
    },
  },
  {
    seedKey: 'bothe-redwood-creek-walk',
    title: 'Redwood Creek Walk at Bothe-Napa Valley State Park',
    description:
      'Walk the Redwood Trail along Ritchey Creek beneath second-growth coast redwoods, the cool heart of the valley in summer. We pause by the creek for a meditation on stillness and finish at the historic Bale Grist Mill. About 5 miles with some roots and rocks; good shoes needed. Includes the state park day-use fee.',
    location: 'Bothe-Napa Valley State Park, 3801 St Helena Hwy, Calistoga, CA',
    inDays: 27,
    hour: 9,
    capacity: 18,
    price: 10,
    imageUrl: '/images/events/redwood-creek.svg',
    details: {
      distanceMiles: '5.0',
      elevationGainFeet: 800,
      difficulty: 'moderate',
      durationMinutes: 180,
      minimumAge: 8,
      familyFriendly: false,
      dogsAllowed: false,
      accessibilityNotes:
        'A narrow dirt trail with roots, rocks and two creek crossings on stepping stones; not suitable for wheelchairs or strollers.',
      meetingLatitude: 38.5525,
      meetingLongitude: -122.5197,
      whatToBring:
        'Shoes with good grip, water, a light jacket for the shade under the redwoods, and a snack.',
      leaderContactName: 'Grace Kim',
      leaderContactPhone: '(707) 555-0163',
    },
  },
  {
    seedKey: 'napa-river-trail-evening-walk',
    title: 'Napa River Trail Afternoon Walk',
    description:
      'An easy late-afternoon stroll on the paved Napa River Trail from Veterans Park to Kennedy Park, watching the herons and the light change over the water. We share a short reflection at the river bend and end with prayers of thanks. Stroller and wheelchair friendly; about 2.5 miles.',
    location: 'Veterans Memorial Park, 800 Main St, Napa, CA',
    inDays: 34,
    hour: 16,
    minute: 30,
    capacity: 40,
    price: 0,
    imageUrl: '/images/events/napa-river.svg',
    details: {
      distanceMiles: '2.5',
      elevationGainFeet: 20,
      difficulty: 'easy',
      durationMinutes: 75,
      minimumAge: null,
      familyFriendly: true,
      dogsAllowed: true,
      accessibilityNotes:
        'Paved and level all the way: wheelchair and stroller friendly. Accessible restrooms at Veterans Memorial Park and Kennedy Park.',
      meetingLatitude: 38.2976,
      meetingLongitude: -122.2849,
      whatToBring: 'Water and a light layer for the breeze off the river; binoculars if you have them.',
      leaderContactName: 'Pastor Dan Reyes',
      leaderContactPhone: '(707) 555-0142',
    },
  },
  {
    seedKey: 'mount-st-helena-summit-hike',
    title: 'Mount St. Helena Summit Hike',
    description:
      'Our most challenging walk of the season: up the Stevenson Memorial Trail and the fire road to the 4,342 ft summit, the highest point in the valley, with views to the Sierra on a clear day. Worship and lunch at the top. About 10 miles and 2,300 ft of climbing; for walkers used to long days. Bring 2 liters of water and lunch.',
    location: 'Robert Louis Stevenson State Park, Hwy 29, Calistoga, CA',
    inDays: 41,
    hour: 8,
    capacity: 12,
    price: 15,
    imageUrl: '/images/events/mount-st-helena.svg',
    details: {
      distanceMiles: '10.0',
      elevationGainFeet: 2300,
      difficulty: 'challenging',
      durationMinutes: 360,
      minimumAge: 12,
      familyFriendly: false,
      dogsAllowed: false,
      accessibilityNotes:
        'A steep, rocky trail and fire road with little shade; not suitable for wheelchairs or strollers. No water at the trailhead, a pit toilet only.',
      meetingLatitude: 38.6528,
      meetingLongitude: -122.5999,
      whatToBring:
        '2 liters of water, lunch and snacks, broken-in hiking boots, a sun hat and sunscreen, and a windproof layer for the summit.',
      leaderContactName: 'Joel Martin',
      leaderContactPhone: '(707) 555-0128',
    },
  },
  {
    seedKey: 'lake-hennessey-sunset-walk',
    title: 'Lake Hennessey Sunset Walk',
    description:
      'A gentle walk along the shore of Lake Hennessey below the Vaca hills in the late-afternoon light. We stop at the water for a reading on the calming of the storm and walk back as the sun goes down. About 3 miles, mostly level.',
    location: 'Lake Hennessey Recreation Area, Conn Valley Rd, St. Helena, CA',
    inDays: -12,
    hour: 15,
    minute: 30,
    capacity: 25,
    price: 0,
    imageUrl: '/images/events/lake-hennessey.svg',
    details: {
      distanceMiles: '3.0',
      elevationGainFeet: 100,
      difficulty: 'easy',
      durationMinutes: 90,
      minimumAge: null,
      familyFriendly: true,
      dogsAllowed: false,
      accessibilityNotes: 'A gravel and dirt shoreline trail, mostly level but uneven in places.',
      meetingLatitude: 38.4897,
      meetingLongitude: -122.3662,
      whatToBring: 'Water, a light jacket for the evening, and a flashlight for the walk back.',
      leaderContactName: 'Maria Lopez',
      leaderContactPhone: '(707) 555-0187',
    },
  },
  {
    seedKey: 'alston-park-family-walk',
    title: 'Alston Park Family Walk',
    description:
      "A short, relaxed loop through the meadows and orchards of Alston Park with a children's scavenger hunt and a picnic to close. Dogs on leash welcome. About 2 miles.",
    location: 'Alston Park, 2099 Dry Creek Rd, Napa, CA',
    inDays: -26,
    hour: 10,
    capacity: 35,
    price: 0,
    imageUrl: '/images/events/alston-park.svg',
    details: {
      distanceMiles: '2.0',
      elevationGainFeet: 150,
      difficulty: 'easy',
      durationMinutes: 90,
      minimumAge: null,
      familyFriendly: true,
      dogsAllowed: true,
      accessibilityNotes:
        'Wide dirt paths through the meadows with gentle slopes; an all-terrain stroller manages.',
      meetingLatitude: 38.3195,
      meetingLongitude: -122.3274,
      whatToBring: 'Water, a picnic blanket, and a bag for the scavenger hunt finds. Dogs on a leash.',
      leaderContactName: 'Tom Becker',
      leaderContactPhone: '(707) 555-0119',
    },
  },
];

/**
 * The group's first waiver (decision 038), published by the seed when none is: plain words for a
 * walking group in the valley. Admins publish their own versions from the Waiver tab.
 */
export const seedWaiverText = `Jesus Walks: release, waiver and assumption of risk

Please read this before you register. By typing your full name you accept it for yourself (or, for a child under 18 walking with you, as their parent or guardian).

1. The walks are outdoors. Our walks follow public trails, fire roads, vineyard lanes and park paths in and around the Napa Valley. Trails can be steep, rocky, loose, muddy or narrow. Weather changes quickly, summer days are hot and dry, and we may meet poison oak, ticks, rattlesnakes, wildlife, traffic at crossings, and places far from help or phone signal. I understand that walking and hiking carry risks, including falls, sprains, broken bones, heat illness, dehydration and, rarely, serious injury, and I freely choose to take part.

2. My fitness is my responsibility. I have read the walk's distance, climbing, difficulty and what to bring, and I believe I am fit for it. I will tell the leader before we set out about any condition that may affect me on the trail (a heart or breathing condition, diabetes, allergies, recent injury, pregnancy) and carry my own medication. If I am unsure whether a walk suits me, I will ask my doctor or the group before coming.

3. I follow the leader. I will stay with the group, keep to the trail, follow the leader's instructions and the rules of the park, and let the leader know before I turn back or leave. The leader may change the route, shorten or cancel the walk for the group's safety, and may ask a walker to turn back; I accept these decisions.

4. Our leaders are volunteers. They are members of the church who love these trails; they are not guides, rangers or medical professionals. In an emergency they will call for help and do what they reasonably can.

5. Release. To the fullest extent the law of California allows, I release Jesus Walks, its church, leaders and volunteers from claims for injury, loss or damage arising from my taking part in a walk, except where caused by their gross negligence or willful misconduct. This release binds me, my heirs and anyone claiming for me.

6. Emergency care. If I cannot decide for myself, I authorize the leader to seek emergency medical care for me, at my own cost.

I have read this waiver, I understand it, and I accept it by typing my full name. "Walk in love, as Christ also hath loved us." (Ephesians 5:2)`;

/** The demo walk that requires the waiver and asks for an emergency contact: the season's hardest. */
export const WAIVER_DEMO_WALK = 'mount-st-helena-summit-hike';

const napaHour = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hour: 'numeric',
  hourCycle: 'h23',
});

/**
 * The start time of a seed event: `inDays` after `today`'s calendar day, at its hour on the clock
 * in Napa (UTC-7 in summer, UTC-8 in winter).
 */
export function seedEventDate(event: Pick<SeedEvent, 'inDays' | 'hour' | 'minute'>, today: Date): Date {
  const day = [today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + event.inDays] as const;
  for (const offset of [7, 8]) {
    const candidate = new Date(Date.UTC(...day, event.hour + offset, event.minute ?? 0));
    if (Number(napaHour.format(candidate)) === event.hour) return candidate;
  }
  return new Date(Date.UTC(...day, event.hour + 8, event.minute ?? 0));
}

/**
 * The demo walk series (decision 039): a sunrise prayer walk every Saturday for six weeks, made
 * from its first walk by the series' own service function, as an admin's would be.
 */
export const seedSeries = {
  template: {
    seedKey: 'saturday-sunrise-prayer-walk',
    title: 'Saturday Sunrise Prayer Walk',
    description:
      'Start the weekend with the sunrise over the Napa River: an easy walk along the river trail from Kennedy Park at first light, a psalm and a few minutes of quiet prayer at the water, and coffee together after. The same walk every Saturday morning; come once or every week.',
    location: 'Kennedy Park, 2291 Streblow Dr, Napa, CA',
    hour: 7,
    capacity: 20,
    price: 0,
    imageUrl: '/images/events/napa-river.svg',
    details: {
      distanceMiles: '3.0',
      elevationGainFeet: 50,
      difficulty: 'easy',
      durationMinutes: 90,
      minimumAge: null,
      familyFriendly: true,
      dogsAllowed: true,
      accessibilityNotes:
        'A paved and packed-gravel river trail, level all the way; strollers and wheelchairs manage.',
      meetingLatitude: 38.2726,
      meetingLongitude: -122.2745,
      whatToBring: 'Water, a warm layer for the morning chill, and a travel mug for the coffee.',
      leaderContactName: 'Grace Okafor',
      leaderContactPhone: '(707) 555-0163',
    },
  },
  weekday: 'saturday',
  count: 6,
} as const satisfies { template: Omit<SeedEvent, 'inDays'>; weekday: 'saturday'; count: number };

/** Every walk the seed makes: the single walks and the series' (its first walk is its template). */
export const seededWalkCount = seedEvents.length + seedSeries.count;

/** Days from `today` (UTC calendar day) to the next Saturday, never today. */
function daysToNextSaturday(today: Date): number {
  return (6 - today.getUTCDay() + 7) % 7 || 7;
}

/**
 * Demo data for the standalone mode; idempotent (each demo event is inserted once, by its key). A
 * demo walk stored before walks had details (migration 0018) is given them once.
 */
export async function seed(
  db: Kysely<ContentAndEventsDatabase>,
  _context?: SeedContext<Env>,
  today = new Date(),
): Promise<void> {
  for (const event of seedEvents) {
    const { inDays: _inDays, hour: _hour, minute: _minute, details, ...values } = event;
    await insertSeedEvent(db, { ...values, ...details, date: seedEventDate(event, today) });
    await fillSeedWalkDetails(db, event.seedKey, details);
  }
  // The first waiver, once; the demo walk requires it from then on (an admin may change that).
  if (await insertFirstWaiverVersion(db, seedWaiverText)) await requireSeedWalkForms(db, WAIVER_DEMO_WALK);
  // The demo series, once: its first walk next Saturday, then five copies of it (decision 039).
  const { template, weekday, count } = seedSeries;
  const { hour, details, ...values } = template;
  await insertSeedEvent(db, {
    ...values,
    ...details,
    date: seedEventDate({ inDays: daysToNextSaturday(today), hour }, today),
  });
  const templateId = await findSeedEventId(db, template.seedKey);
  if (templateId !== undefined && !(await hasSeriesFromTemplate(db, templateId))) {
    await createSeries(
      { db },
      { templateEventId: templateId, rule: { frequency: 'weekly', weekday }, end: { kind: 'count', count } },
      null,
    );
  }
}
