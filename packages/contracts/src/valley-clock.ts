import { VALLEY_TIME_ZONE } from './constants';

/*
 * The valley's wall clock (America/Los_Angeles) from and to instants, with the zone data Node's
 * Intl carries: a walk at 9:00 stays at 9:00 on the clock across a daylight-saving change (16:00
 * UTC in summer, 17:00 UTC in winter). No date library here handles zones (date-fns is the web's,
 * without @date-fns/tz), and these two functions are all a series and the admin's forms need. Free
 * of Zod, so the browser may load it; the one copy for the services and the web app.
 */

/** A calendar day in the valley: month 1-12. */
export interface ValleyDay {
  year: number;
  month: number;
  day: number;
}

/** A time of day on the valley's clock. */
export interface ValleyTime {
  hour: number;
  minute: number;
}

const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The valley's day and time of day at an instant (seconds dropped). */
export function valleyWallClockOf(instant: Date): ValleyDay & ValleyTime {
  const parts = Object.fromEntries(
    wallClockFormat
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** The wall clock's fields read as if they were UTC, in milliseconds. */
function asUtcMs(day: ValleyDay, time: ValleyTime): number {
  return Date.UTC(day.year, day.month - 1, day.day, time.hour, time.minute);
}

/** The valley's offset from UTC at an instant, in milliseconds (-7 h in summer, -8 h in winter). */
function valleyOffsetMs(instantMs: number): number {
  const whole = Math.floor(instantMs / 60_000) * 60_000;
  const clock = valleyWallClockOf(new Date(whole));
  return asUtcMs(clock, clock) - whole;
}

/**
 * The instant a day and time of day on the valley's clock names. In the spring-forward night a
 * time that does not exist (2:30) lands an hour later; in November a time that happens twice
 * (1:30) is the first of the two.
 */
export function valleyInstantOf(day: ValleyDay, time: ValleyTime): Date {
  const wanted = asUtcMs(day, time);
  // A first guess with the offset at the wall-clock time read as UTC, then once more at the result.
  const first = wanted - valleyOffsetMs(wanted);
  const second = wanted - valleyOffsetMs(first);
  const readsBack = [first, second].filter((ms) => {
    const clock = valleyWallClockOf(new Date(ms));
    return asUtcMs(clock, clock) === wanted;
  });
  return new Date(readsBack.length > 0 ? Math.min(...readsBack) : Math.max(first, second));
}
