import { VALLEY_TIME_ZONE } from '@jesus-walks/contracts/constants';
import { valleyInstantOf, valleyWallClockOf } from '@jesus-walks/contracts/valley-clock';

/**
 * The walks happen in the Napa Valley: an event's date and time are entered and shown as they are
 * there, whatever the admin's own time zone. The form's `datetime-local` value ('2030-05-04T09:00')
 * is a wall-clock time in the valley; the API takes and gives instants (ISO 8601). The conversions
 * are contracts/valley-clock.ts's, the services' own.
 */

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The numbers of a `datetime-local` value, when it names a real day and time. */
function parseLocal(local: string) {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const real =
    asUtc.getUTCFullYear() === year &&
    asUtc.getUTCMonth() === month - 1 &&
    asUtc.getUTCDate() === day &&
    asUtc.getUTCHours() === hour &&
    asUtc.getUTCMinutes() === minute;
  return real ? { year, month, day, hour, minute } : null;
}

/** True when the text is a `datetime-local` value (minutes precision) naming a real day and time. */
export function isValleyLocal(local: string): boolean {
  return parseLocal(local) !== null;
}

/**
 * '2030-07-04T09:00' in the valley -> '2030-07-04T16:00:00.000Z'. Across a daylight-saving change
 * an hour that does not exist (2:30 in the spring-forward night) lands an hour later, an hour that
 * happens twice (1:30 in November) is the first one.
 */
export function valleyLocalToIso(local: string): string {
  const parsed = parseLocal(local);
  if (!parsed) throw new RangeError(`Not a date and time: ${local}`);
  return valleyInstantOf(parsed, parsed).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the valley's `datetime-local` value: '2030-07-04T16:00:00Z' -> '2030-07-04T09:00'. */
export function isoToValleyLocal(iso: string): string {
  const clock = valleyWallClockOf(new Date(iso));
  return `${String(clock.year).padStart(4, '0')}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

const displayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Thu, Jul 4, 2030, 9:00 AM PDT': an event's date and time as they are in the valley. */
export function formatValleyDateTime(iso: string): string {
  return displayFormat.format(new Date(iso));
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const timeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Jul 4, 2030': the valley's day of an instant (an order's), whatever the admin's own zone. */
export function formatValleyDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
}

/** '9:00 AM PDT': the valley's time of an instant, its zone named (PST in winter). */
export function formatValleyTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}
