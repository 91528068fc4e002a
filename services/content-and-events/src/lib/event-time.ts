import { VALLEY_TIME_ZONE } from '@jesus-walks/contracts/constants';

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: VALLEY_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** "Saturday, May 4, 2030 at 9:00 AM PDT". */
export function formatEventDateTime(date: Date): string {
  return dateTime.format(date).replace(/, (\d{1,2}:\d{2})/, ' at $1');
}
