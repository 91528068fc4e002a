import { VALLEY_TIME_ZONE } from '@jesus-walks/contracts/orders';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: VALLEY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The valley's calendar day of an instant, 'YYYY-MM-DD'. */
export function valleyDayOf(instant: Date): string {
  return dayFormat.format(instant);
}

/**
 * Noon of a valley day as an instant: how a day an admin enters (an estimated delivery) is kept in
 * a timestamp column. Noon reads as the same day across the United States, whichever the viewer's
 * zone, and whichever side of a daylight-saving change.
 */
export function valleyNoon(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // Noon in the valley is 19:00 UTC in summer (PDT, -7) and 20:00 UTC in winter (PST, -8).
  const summer = new Date(Date.UTC(year, month - 1, date, 19));
  return Number(hourFormat.format(summer)) === 12 ? summer : new Date(Date.UTC(year, month - 1, date, 20));
}
