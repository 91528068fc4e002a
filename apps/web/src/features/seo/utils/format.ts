import type { SearchDay, SearchRow } from '@jesus-walks/contracts/seo';

const counter = new Intl.NumberFormat('en-US');

/** Clicks and impressions: whole numbers with thousands separators. */
export const formatCount = (value: number) => counter.format(Math.round(value));

/** Average position, to 1 decimal (SPEC.md section 2). */
export const formatPosition = (value: number) => value.toFixed(1);

/** CTR is a percent already (contracts/seo.ts). */
export const formatCtr = (value: number) => `${value.toFixed(2)}%`;

/** A top row's page or query, or the spec's fallback when Google left the key out. */
export function rowKey(row: SearchRow, fallback: 'Unknown page' | 'Unknown query'): string {
  const key = row.keys?.[0];
  return key ? key : fallback;
}

export interface DayBar {
  date: string;
  value: number;
  /** Height relative to the period's highest day, 0 to 100. */
  percent: number;
}

/** One bar per day of a metric, scaled to the highest day (all zero: flat bars). */
export function dayBars(days: readonly SearchDay[], metric: 'clicks' | 'impressions'): DayBar[] {
  const highest = Math.max(0, ...days.map((day) => day[metric]));
  return days.map((day) => ({
    date: day.date,
    value: day[metric],
    percent: highest === 0 ? 0 : Math.round((day[metric] / highest) * 100),
  }));
}

/** 'Mar 5' for a YYYY-MM-DD day, read as that calendar day wherever the browser is. */
export function formatDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
