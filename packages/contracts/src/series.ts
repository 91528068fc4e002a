import { z } from 'zod';
import { ErrorResponseSchema } from './common';
import { RowIdSchema } from './products';
import { defineRoute, defineRoutes } from './route-contract';

// Walk series (issue 24, decision 039): an admin repeats a walk weekly, or monthly on the Nth
// weekday, until a date or for a count; the series makes ordinary walks, each editable and
// cancellable on its own, that the events page groups. This file never imports events.ts (which
// imports the public tag from here).

/** Most walks one series makes: a year of weekly walks. */
export const MAX_SERIES_WALKS = 52;

export const seriesWeekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export const SeriesWeekdaySchema = z.enum(seriesWeekdays, { error: 'Choose a day of the week' });
export type SeriesWeekday = z.infer<typeof SeriesWeekdaySchema>;

/** Which of the month's weekdays a monthly series walks on ('last': the fourth or the fifth). */
export const weeksOfMonth = ['first', 'second', 'third', 'fourth', 'last'] as const;
export const WeekOfMonthSchema = z.enum(weeksOfMonth, {
  error: 'Choose the first, second, third, fourth or last week of the month',
});
export type WeekOfMonth = z.infer<typeof WeekOfMonthSchema>;

/** When the walks repeat: every week on a weekday, or every month on its Nth weekday. */
export const SeriesRuleSchema = z.discriminatedUnion(
  'frequency',
  [
    z.strictObject({ frequency: z.literal('weekly'), weekday: SeriesWeekdaySchema }),
    z.strictObject({
      frequency: z.literal('monthly'),
      weekday: SeriesWeekdaySchema,
      weekOfMonth: WeekOfMonthSchema,
    }),
  ],
  { error: 'Repeat weekly or monthly' },
);
export type SeriesRule = z.infer<typeof SeriesRuleSchema>;

const countRange = `A series has between 2 and ${MAX_SERIES_WALKS} walks`;

/**
 * When the series stops: after the walks on or before a day in the valley ('YYYY-MM-DD', that day
 * included), or after a number of walks (the template counted when it is the first walk).
 */
export const SeriesEndSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('until'),
      until: z.iso.date({ message: 'End date must be a date (YYYY-MM-DD)' }),
    }),
    z.strictObject({
      kind: z.literal('count'),
      count: z
        .number({ error: 'Number of walks must be a number' })
        .int('Number of walks must be a whole number')
        .min(2, countRange)
        .max(MAX_SERIES_WALKS, countRange),
    }),
  ],
  { error: 'End the series on a date or after a number of walks' },
);
export type SeriesEnd = z.infer<typeof SeriesEndSchema>;

/** Body of the series' creation and preview: the walk to copy, the rule and the end. */
export const EventSeriesInputSchema = z.strictObject({
  templateEventId: RowIdSchema,
  rule: SeriesRuleSchema,
  end: SeriesEndSchema,
});
export type EventSeriesInput = z.infer<typeof EventSeriesInputSchema>;

/**
 * The walks a rule would make, before they are made. `dates` are every walk of the series in
 * order (ISO instants, each at the template's time of day in the valley); the first is the
 * template itself when `templateJoins` (its date fits the rule, it is upcoming, not cancelled and
 * in no other series), else every date is a new walk after the template's day.
 */
export const EventSeriesPreviewSchema = z.object({
  /** 'Every Saturday', 'Second Saturday of the month'. */
  ruleInWords: z.string(),
  templateJoins: z.boolean(),
  dates: z.array(z.string()),
});
export type EventSeriesPreview = z.infer<typeof EventSeriesPreviewSchema>;

/** A walk of a series as the admin's list of series shows it. */
export const SeriesWalkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  isPast: z.boolean(),
  isCancelled: z.boolean(),
});
export type SeriesWalk = z.infer<typeof SeriesWalkSchema>;

export const EventSeriesSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  rule: SeriesRuleSchema,
  ruleInWords: z.string(),
  end: SeriesEndSchema,
  /** 'HH:MM', the walks' time of day in the valley. */
  timeOfDay: z.string(),
  /** The walk it was made from; null once that walk was deleted. */
  templateEventId: z.number().int().nullable(),
  /** The admin who made it (null: the demo seed). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** Its walks now, soonest first (a walk deleted on its own is gone from here). */
  walks: z.array(SeriesWalkSchema),
});
export type EventSeries = z.infer<typeof EventSeriesSchema>;

/** A walk's series as the public list names it, so that the events page can group its walks. */
export const EventSeriesTagSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  ruleInWords: z.string(),
});
export type EventSeriesTag = z.infer<typeof EventSeriesTagSchema>;

const adminErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
} as const;

/** Routes of the walk series in the route table (route-table.ts). */
export const eventSeriesRoutes = defineRoutes({
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/event-series',
    service: 'content-and-events',
    access: 'admin',
    summary: 'Every walk series, newest first, with its rule in words and its walks now',
    responses: { 200: z.array(EventSeriesSchema), 401: ErrorResponseSchema, 403: ErrorResponseSchema },
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/api/admin/event-series/preview',
    service: 'content-and-events',
    access: 'admin',
    summary:
      'The dates a series would give its walks (valley time, the template first when its date fits), without making them; 400 when the end gives fewer than 2 or more than 52 walks',
    request: { body: EventSeriesInputSchema },
    responses: { 200: EventSeriesPreviewSchema, ...adminErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/admin/event-series',
    service: 'content-and-events',
    access: 'admin',
    summary:
      "Makes a series from a template walk: copies of the walk (its details, price, capacity, reminders) on the rule's dates, in one transaction; each an ordinary walk. Answers the series with its walks",
    request: { body: EventSeriesInputSchema },
    responses: { 201: EventSeriesSchema, ...adminErrors },
  }),
});
