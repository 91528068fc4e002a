import {
  MAX_SERIES_WALKS,
  type SeriesEnd,
  type SeriesRule,
  type SeriesWeekday,
  seriesWeekdays,
  type WeekOfMonth,
  weeksOfMonth,
} from '@jesus-walks/contracts/series';
import {
  type ValleyDay,
  type ValleyTime,
  valleyInstantOf,
  valleyWallClockOf,
} from '@jesus-walks/contracts/valley-clock';

/** The template walk as a series starts from it. */
export interface SeriesTemplate {
  date: Date;
  /** It may become the series' first walk: upcoming, not cancelled, in no other series. */
  canJoin: boolean;
}

export interface SeriesDates {
  /** The template is the series' first walk (its date fits the rule); it is not copied. */
  templateJoins: boolean;
  /** The new walks' starts, in order. */
  newWalks: Date[];
  /** Every walk of the series: the template's counted when it joins. */
  walkCount: number;
  /** An end date that gives more than MAX_SERIES_WALKS walks (`newWalks` is then cut there). */
  overCap: boolean;
}

/** Days are plain calendar days here: kept as UTC midnights, where adding a day is 24 hours. */
const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(day: ValleyDay): number {
  return Date.UTC(day.year, day.month - 1, day.day);
}

function dayOf(ms: number): ValleyDay {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function weekdayIndex(weekday: SeriesWeekday): number {
  return seriesWeekdays.indexOf(weekday);
}

/** The month's first, second, ... or last such weekday, as a day number. */
function nthWeekdayOfMonth(year: number, month: number, weekday: number, week: WeekOfMonth): number {
  if (week === 'last') {
    const lastDay = Date.UTC(year, month, 0);
    const back = (new Date(lastDay).getUTCDay() - weekday + 7) % 7;
    return lastDay - back * DAY_MS;
  }
  const firstDay = Date.UTC(year, month - 1, 1);
  const ahead = (weekday - new Date(firstDay).getUTCDay() + 7) % 7;
  return firstDay + (ahead + 7 * weeksOfMonth.indexOf(week)) * DAY_MS;
}

/** The rule's days from `from` on (that day included), in order, without end. */
function* ruleDays(rule: SeriesRule, from: number): Generator<number> {
  const weekday = weekdayIndex(rule.weekday);
  if (rule.frequency === 'weekly') {
    let day = from + ((weekday - new Date(from).getUTCDay() + 7) % 7) * DAY_MS;
    for (;;) {
      yield day;
      day += 7 * DAY_MS;
    }
  }
  const start = dayOf(from);
  for (let months = 0; ; months += 1) {
    const year = start.year + Math.floor((start.month - 1 + months) / 12);
    const month = ((start.month - 1 + months) % 12) + 1;
    const day = nthWeekdayOfMonth(year, month, weekday, rule.weekOfMonth);
    if (day >= from) yield day;
  }
}

/**
 * The walks a series makes (decision 039). Days follow the rule from the template's valley day on;
 * each walk starts at the template's time of day on the valley's clock, whatever the season. The
 * template's own day is the template itself when it can join, and is otherwise left out (never a
 * second walk on its day); a start not after `now` is never made. An until-date includes its day.
 */
export function seriesDates(
  template: SeriesTemplate,
  rule: SeriesRule,
  end: SeriesEnd,
  now: Date,
): SeriesDates {
  const clock = valleyWallClockOf(template.date);
  const time: ValleyTime = { hour: clock.hour, minute: clock.minute };
  const templateDay = dayNumber(clock);
  const lastDay = end.kind === 'until' ? dayNumber(parseDay(end.until)) : Number.POSITIVE_INFINITY;
  const wanted = end.kind === 'count' ? end.count : MAX_SERIES_WALKS + 1;
  let templateJoins = false;
  const newWalks: Date[] = [];
  for (const day of ruleDays(rule, templateDay)) {
    if (day > lastDay || (templateJoins ? 1 : 0) + newWalks.length >= wanted) break;
    if (day === templateDay) {
      templateJoins = template.canJoin && template.date > now;
      continue;
    }
    const start = valleyInstantOf(dayOf(day), time);
    if (start > now) newWalks.push(start);
  }
  const walkCount = (templateJoins ? 1 : 0) + newWalks.length;
  const overCap = walkCount > MAX_SERIES_WALKS;
  return {
    templateJoins,
    newWalks: overCap ? newWalks.slice(0, MAX_SERIES_WALKS - (templateJoins ? 1 : 0)) : newWalks,
    walkCount,
    overCap,
  };
}

function parseDay(text: string): ValleyDay {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const ordinals: Record<WeekOfMonth, string> = {
  first: 'First',
  second: 'Second',
  third: 'Third',
  fourth: 'Fourth',
  last: 'Last',
};

function weekdayName(weekday: SeriesWeekday): string {
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)}`;
}

/** 'Every Saturday', 'Second Saturday of the month'. */
export function ruleInWords(rule: SeriesRule): string {
  return rule.frequency === 'weekly'
    ? `Every ${weekdayName(rule.weekday)}`
    : `${ordinals[rule.weekOfMonth]} ${weekdayName(rule.weekday)} of the month`;
}
