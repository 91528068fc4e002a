import {
  type EventSeries,
  type EventSeriesInput,
  type EventSeriesPreview,
  type EventSeriesTag,
  MAX_SERIES_WALKS,
  type SeriesEnd,
  type SeriesRule,
} from '@jesus-walks/contracts/series';
import { valleyWallClockOf } from '@jesus-walks/contracts/valley-clock';
import { type AuditActor, recordAudit } from '@jesus-walks/service-kit/audit';
import { DomainError, notFound } from '@jesus-walks/service-kit/errors';
import type { ContentDeps } from '../../deps';
import { formatEventDateTime } from '../../lib/event-time';
import type { EventRow } from '../events/event-seats.service';
import {
  addSeriesWalks,
  findTemplateWalk,
  lockTemplateWalk,
  walksOfSeries,
} from '../events/series-walks.service';
import {
  findSeries,
  findSeriesByIds,
  insertSeries,
  listSeries as listSeriesRows,
  type SeriesRow,
} from './series.repository';
import { ruleInWords, type SeriesDates, seriesDates } from './series-dates';

/** The service's own deps for series: only the database (the seed makes its series this way too). */
type SeriesDeps = Pick<ContentDeps, 'db'>;

function endError(end: SeriesEnd, message: string): DomainError {
  const field = end.kind === 'until' ? 'until' : 'count';
  return new DomainError('validation_failed', 'The request is not valid', [
    { path: ['body', 'end', field], message },
  ]);
}

/** The template can be the series' first walk: not cancelled, and in no series already. */
function canJoin(template: EventRow): boolean {
  return template.cancelledAt === null && template.seriesId === null;
}

/** The series' dates for this template, or the validation error its end gives. */
function planOf(template: EventRow, input: EventSeriesInput, now: Date): SeriesDates {
  const plan = seriesDates({ date: template.date, canJoin: canJoin(template) }, input.rule, input.end, now);
  if (plan.overCap) {
    throw endError(
      input.end,
      `This end date gives more than ${MAX_SERIES_WALKS} walks; a series has at most ${MAX_SERIES_WALKS}. Choose an earlier date.`,
    );
  }
  if (plan.walkCount < 2) {
    throw endError(input.end, 'This end date leaves fewer than 2 walks in the series. Choose a later date.');
  }
  return plan;
}

function startsOf(template: EventRow, plan: SeriesDates): Date[] {
  return plan.templateJoins ? [template.date, ...plan.newWalks] : plan.newWalks;
}

/** The dates a series would give its walks, without making them (the admin's form shows them). */
export async function previewSeries(
  deps: SeriesDeps,
  input: EventSeriesInput,
  now = new Date(),
): Promise<EventSeriesPreview> {
  const template = await findTemplateWalk(deps, input.templateEventId);
  if (!template) throw notFound('Event not found');
  const plan = planOf(template, input, now);
  return {
    ruleInWords: ruleInWords(input.rule),
    templateJoins: plan.templateJoins,
    dates: startsOf(template, plan).map((start) => start.toISOString()),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'Every Saturday' -> 'every Saturday', inside a sentence. */
const lowerFirst = (words: string) => `${words.charAt(0).toLowerCase()}${words.slice(1)}`;

function ruleOf(row: SeriesRow): SeriesRule {
  return row.frequency === 'weekly' || row.weekOfMonth === null
    ? { frequency: 'weekly', weekday: row.weekday }
    : { frequency: 'monthly', weekday: row.weekday, weekOfMonth: row.weekOfMonth };
}

function endOf(row: SeriesRow): SeriesEnd {
  return row.endsOn !== null
    ? { kind: 'until', until: row.endsOn }
    : { kind: 'count', count: row.walkCount ?? 0 };
}

function toSeries(row: SeriesRow, walks: EventSeries['walks']): EventSeries {
  const rule = ruleOf(row);
  return {
    id: row.id,
    title: row.title,
    rule,
    ruleInWords: ruleInWords(rule),
    end: endOf(row),
    // Postgres gives a time as 'HH:MM:SS'.
    timeOfDay: row.timeOfDay.slice(0, 5),
    templateEventId: row.templateEventId,
    createdBy: row.createdByUsername,
    createdAt: row.createdAt.toISOString(),
    walks,
  };
}

async function getSeries(deps: SeriesDeps, id: number): Promise<EventSeries> {
  const row = await findSeries(deps.db, id);
  if (!row) throw notFound('Series not found');
  const walks = await walksOfSeries(deps, [id]);
  return toSeries(row, walks.get(id) ?? []);
}

/**
 * Makes a series from a template walk, in one transaction: the series row, the template as its
 * first walk when its date fits the rule (and it can join), and a copy of the template on every
 * other date, each an ordinary walk from then on. `actor` null: the demo seed.
 */
export async function createSeries(
  deps: SeriesDeps,
  input: EventSeriesInput,
  actor: AuditActor | null,
  now = new Date(),
): Promise<EventSeries> {
  const id = await deps.db.transaction().execute(async (trx) => {
    const template = await lockTemplateWalk({ db: trx }, input.templateEventId);
    if (!template) throw notFound('Event not found');
    const plan = planOf(template, input, now);
    const clock = valleyWallClockOf(template.date);
    const seriesId = await insertSeries(trx, {
      title: template.title,
      frequency: input.rule.frequency,
      weekday: input.rule.weekday,
      weekOfMonth: input.rule.frequency === 'monthly' ? input.rule.weekOfMonth : null,
      timeOfDay: `${pad(clock.hour)}:${pad(clock.minute)}:00`,
      endsOn: input.end.kind === 'until' ? input.end.until : null,
      walkCount: input.end.kind === 'count' ? input.end.count : null,
      templateEventId: template.id,
      createdById: actor?.id ?? null,
      createdByUsername: actor?.username ?? null,
    });
    await addSeriesWalks(
      { db: trx },
      { template, seriesId, templateJoins: plan.templateJoins, starts: plan.newWalks },
    );
    const starts = startsOf(template, plan);
    const first = starts[0] ?? template.date;
    const last = starts.at(-1) ?? template.date;
    await recordAudit(trx, {
      actor,
      action: 'event_series.created',
      target: { type: 'event_series', id: seriesId, label: template.title },
      summary: `Made the series "${template.title}" (${lowerFirst(ruleInWords(input.rule))}) from the event "${template.title}": ${plan.newWalks.length} new ${plan.newWalks.length === 1 ? 'walk' : 'walks'}${plan.templateJoins ? ' after the event itself' : ''}, ${formatEventDateTime(first)} to ${formatEventDateTime(last)}.`,
    });
    return seriesId;
  });
  return getSeries(deps, id);
}

/** Every series, newest first, with its walks now. */
export async function listSeries(deps: SeriesDeps): Promise<EventSeries[]> {
  const rows = await listSeriesRows(deps.db);
  const walks = await walksOfSeries(
    deps,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSeries(row, walks.get(row.id) ?? []));
}

/** The series these walks belong to, named for the public list (the events page groups by them). */
export async function seriesTagsOf(
  deps: SeriesDeps,
  seriesIds: readonly (number | null)[],
): Promise<Map<number, EventSeriesTag>> {
  const ids = [...new Set(seriesIds.filter((id): id is number => id !== null))];
  const rows = await findSeriesByIds(deps.db, ids);
  return new Map(
    rows.map((row) => [row.id, { id: row.id, title: row.title, ruleInWords: ruleInWords(ruleOf(row)) }]),
  );
}
