/**
 * The walks happen in the Napa Valley: an event's date and time are entered and shown as they are
 * there, whatever the admin's own time zone. The form's `datetime-local` value ('2030-05-04T09:00')
 * is a wall-clock time in the valley; the API takes and gives instants (ISO 8601).
 */
export const VALLEY_TIME_ZONE = 'America/Los_Angeles';

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function wallClockParts(instant: Date): Record<string, number> {
  return Object.fromEntries(
    wallClockFormat
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
}

/** The valley's wall clock at an instant, as milliseconds of a UTC date with the same fields. */
function wallClockAsUtc(instant: Date): number {
  const p = wallClockParts(instant);
  return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0);
}

/** The valley's offset from UTC at an instant, in milliseconds (-7 h in summer, -8 h in winter). */
function valleyOffset(instant: Date): number {
  return wallClockAsUtc(instant) - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** True when the text is a `datetime-local` value (minutes precision) naming a real day and time. */
export function isValleyLocal(local: string): boolean {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return false;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    asUtc.getUTCFullYear() === year &&
    asUtc.getUTCMonth() === month - 1 &&
    asUtc.getUTCDate() === day &&
    asUtc.getUTCHours() === hour &&
    asUtc.getUTCMinutes() === minute
  );
}

/**
 * '2030-07-04T09:00' in the valley -> '2030-07-04T16:00:00.000Z'. Across a daylight-saving change
 * the offset is taken at the result: an hour that does not exist (2:30 in the spring-forward
 * night) lands an hour later, an hour that happens twice (1:30 in November) is the first one.
 */
export function valleyLocalToIso(local: string): string {
  if (!isValleyLocal(local)) throw new RangeError(`Not a date and time: ${local}`);
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // First guess with the offset at the wall-clock time read as UTC, then once more at the result.
  const first = asUtc - valleyOffset(new Date(asUtc));
  const second = asUtc - valleyOffset(new Date(first));
  // The earlier of two valid readings (a repeated hour); otherwise the one that round-trips.
  const candidates = [first, second].filter((ms) => isoToValleyLocal(new Date(ms).toISOString()) === local);
  const chosen = candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second);
  return new Date(chosen).toISOString();
}

const pad = (value: number | undefined) => String(value ?? 0).padStart(2, '0');

/** An instant as the valley's `datetime-local` value: '2030-07-04T16:00:00Z' -> '2030-07-04T09:00'. */
export function isoToValleyLocal(iso: string): string {
  const p = wallClockParts(new Date(iso));
  return `${String(p.year ?? 0).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
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
