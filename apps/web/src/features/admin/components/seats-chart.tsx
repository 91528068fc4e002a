import type { Event } from '@jesus-walks/contracts/events';
import { Card } from '@/components/ui/card';
import { seatBars, seatBarText } from '../utils/event-stats';
import { formatValleyDateTime } from '../utils/valley-time';

/**
 * Registrations per upcoming event: one bar each of seats taken against capacity, with the numbers
 * written out (the bars are decoration; the list is what assistive technology reads).
 */
export function SeatsChart({ events }: { events: readonly Event[] }) {
  const bars = seatBars(events);
  return (
    <Card className="grid min-w-0 gap-3 p-5">
      <h3 id="seats-chart-heading" className="font-semibold">
        Registrations per upcoming event
      </h3>
      {bars.length === 0 ? (
        <p className="text-sm text-muted-foreground">No upcoming events.</p>
      ) : (
        <ul aria-labelledby="seats-chart-heading" className="grid gap-3">
          {bars.map((bar) => (
            <li key={bar.id} className="grid min-w-0 gap-1" data-seat-bar={bar.id}>
              <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="min-w-0 font-medium break-words">{bar.title}</span>
                <span className="text-xs text-muted-foreground">{formatValleyDateTime(bar.date)}</span>
              </div>
              <div aria-hidden="true" className="h-3 w-full overflow-hidden rounded-full bg-secondary">
                <div
                  className={bar.percent >= 100 ? 'h-full bg-destructive' : 'h-full bg-primary'}
                  style={{ width: `${bar.percent}%` }}
                />
              </div>
              <p className="text-xs text-muted-foreground">
                {seatBarText(bar)} ({bar.percent}%)
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
