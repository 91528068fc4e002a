import {
  type EventSeriesInput,
  EventSeriesInputSchema,
  type SeriesWeekday,
  seriesWeekdays,
  type WeekOfMonth,
  weeksOfMonth,
} from '@jesus-walks/contracts/series';
import { ApiError } from '@/lib/api-client';
import { isoToValleyLocal } from './valley-time';

/** The series dialog's fields, as its inputs hold them. */
export interface SeriesFormValues {
  frequency: 'weekly' | 'monthly';
  weekday: SeriesWeekday;
  weekOfMonth: WeekOfMonth;
  endKind: 'count' | 'until';
  /** Digits as typed. */
  count: string;
  /** 'YYYY-MM-DD', the valley's day. */
  until: string;
}

/** The fields a message can be about, by the API's path without 'body' ('end.until'). */
export type SeriesField = 'rule.weekday' | 'rule.weekOfMonth' | 'end.count' | 'end.until' | 'form';

export const weekdayLabels: Record<SeriesWeekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

export const weekOfMonthLabels: Record<WeekOfMonth, string> = {
  first: 'First',
  second: 'Second',
  third: 'Third',
  fourth: 'Fourth',
  last: 'Last',
};

const dayMs = 24 * 60 * 60 * 1000;

/**
 * What the dialog starts with for a template walk: weekly on its weekday in the valley (monthly on
 * the same week of the month: the 29th is the 'last'), six walks, or until eight weeks on.
 */
export function seriesFormDefaults(templateDate: string): SeriesFormValues {
  const local = isoToValleyLocal(templateDate).slice(0, 10);
  const [year, month, day] = local.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const week = Math.ceil(day / 7);
  return {
    frequency: 'weekly',
    weekday: seriesWeekdays[date.getUTCDay()] ?? 'saturday',
    weekOfMonth: week > 4 ? 'last' : (weeksOfMonth[week - 1] ?? 'first'),
    endKind: 'count',
    count: '6',
    until: new Date(date.getTime() + 7 * 7 * dayMs).toISOString().slice(0, 10),
  };
}

/** The API's body of the dialog's values, or the messages of what is not valid yet. */
export function toSeriesInput(
  templateEventId: number,
  values: SeriesFormValues,
): { body: EventSeriesInput; errors: null } | { body: null; errors: Partial<Record<SeriesField, string>> } {
  const parsed = EventSeriesInputSchema.safeParse({
    templateEventId,
    rule:
      values.frequency === 'weekly'
        ? { frequency: 'weekly', weekday: values.weekday }
        : { frequency: 'monthly', weekday: values.weekday, weekOfMonth: values.weekOfMonth },
    end:
      values.endKind === 'count'
        ? { kind: 'count', count: values.count.trim() === '' ? Number.NaN : Number(values.count) }
        : { kind: 'until', until: values.until },
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  return { body: null, errors: messagesByField(parsed.error.issues) };
}

const fields: readonly SeriesField[] = ['rule.weekday', 'rule.weekOfMonth', 'end.count', 'end.until'];

function messagesByField(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<SeriesField, string>> {
  const messages: Partial<Record<SeriesField, string>> = {};
  for (const issue of issues) {
    const key = issue.path.filter((part) => part !== 'body').join('.');
    const field = fields.find((name) => name === key) ?? 'form';
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The server's messages for the dialog's fields ('This end date gives more than 52 walks...'). */
export function seriesServerErrors(error: unknown): Partial<Record<SeriesField, string>> {
  if (!(error instanceof ApiError)) return {};
  if (!error.issues) return error.serverMessage ? { form: error.serverMessage } : {};
  return messagesByField(error.issues);
}
