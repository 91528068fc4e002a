import type { SearchDay } from '@jesus-walks/contracts/seo';
import { Card } from '@/components/ui/card';
import { dayBars, formatCount, formatDay } from '../utils/format';

function Bars({
  days,
  metric,
  label,
  barClass,
}: {
  days: readonly SearchDay[];
  metric: 'clicks' | 'impressions';
  label: string;
  barClass: string;
}) {
  const bars = dayBars(days, metric);
  return (
    <div className="grid min-w-0 gap-1">
      <p className="text-sm font-medium">{label}</p>
      {/* The bars are decoration; the table below is what assistive technology reads. */}
      <div
        aria-hidden="true"
        className="flex h-24 min-w-0 items-end gap-px border-b border-border"
        data-chart={metric}
      >
        {bars.map((bar) => (
          <div
            key={bar.date}
            title={`${formatDay(bar.date)}: ${formatCount(bar.value)}`}
            className={`min-w-0 flex-1 rounded-t-sm ${barClass}`}
            style={{ height: `${Math.max(bar.percent, bar.value > 0 ? 2 : 0)}%` }}
          />
        ))}
      </div>
    </div>
  );
}

/** Clicks and impressions per day over the period, the same bars-and-numbers approach as the seats chart. */
export function DailyChart({ days }: { days: readonly SearchDay[] }) {
  const first = days[0];
  const last = days.at(-1);
  return (
    <Card className="grid min-w-0 gap-4 p-5">
      <h2 id="daily-chart-heading" className="font-semibold">
        Clicks and impressions per day
      </h2>
      {days.length === 0 || !first || !last ? (
        <p className="text-sm text-muted-foreground">No daily figures yet.</p>
      ) : (
        <>
          <Bars days={days} metric="clicks" label="Clicks" barClass="bg-primary" />
          <Bars days={days} metric="impressions" label="Impressions" barClass="bg-accent" />
          <div className="flex justify-between gap-2 text-xs text-muted-foreground">
            <span>{formatDay(first.date)}</span>
            <span>{formatDay(last.date)}</span>
          </div>
          <table className="sr-only" aria-labelledby="daily-chart-heading">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Clicks</th>
                <th scope="col">Impressions</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <td>{formatDay(day.date)}</td>
                  <td>{formatCount(day.clicks)}</td>
                  <td>{formatCount(day.impressions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
