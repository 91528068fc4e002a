import { format } from 'date-fns';
import { RepeatIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatEventTime, seatsText, valleyWallClock } from '@/lib/events/event-format';
import type { ListedEvent } from '@/lib/events/get-events';
import { PriceBadge, WalkCardFacts, WalkCardShell } from './event-card';

/** Dates shown at once; the rest open under 'All N dates'. */
const SHOWN_DATES = 4;

/** 'Sat, Nov 2': the walk's day in the valley. */
function shortDay(iso: string): string {
  return format(valleyWallClock(iso), 'EEE, MMM d');
}

function seatsClass(walk: ListedEvent): string {
  if (walk.isCancelled || walk.isPast) return 'text-muted-foreground';
  return walk.seatsLeft > 0 ? 'text-success' : 'text-accent';
}

/** One date of the series: its day and time, a link to its own page, and its seats. */
function SeriesDate({ walk }: { walk: ListedEvent }) {
  const day = shortDay(walk.date);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2">
      <Link
        to={`/events/${walk.id}`}
        className={cn(
          'font-medium hover:text-primary hover:underline underline-offset-4',
          walk.isCancelled && 'line-through decoration-1',
        )}
        aria-label={`${walk.title}, ${day}: ${seatsText(walk)}`}
      >
        <time dateTime={walk.date}>
          {day} · {formatEventTime(walk.date)}
        </time>
      </Link>
      <span className={cn('text-sm font-semibold', seatsClass(walk))}>{seatsText(walk)}</span>
    </li>
  );
}

/**
 * The walks of one series in the /events list (decision 039): the walk as its card would show it,
 * the rule in words, and its dates, each a link to that walk's own page (where one registers; a
 * walk of a series is an ordinary walk). The first dates show; the others open under a native
 * disclosure, so the server's page and the hydrated one are the same.
 */
export function SeriesCard({
  series,
  walks,
  priority = false,
}: {
  series: NonNullable<ListedEvent['series']>;
  walks: readonly ListedEvent[];
  priority?: boolean;
}) {
  // The walk that stands for the series: the next one still on, else the first.
  const next = walks.find((walk) => !walk.isCancelled && !walk.isPast) ?? walks[0];
  if (!next) return null;
  const muted = walks.every((walk) => walk.isPast || walk.isCancelled);
  const shown = walks.slice(0, SHOWN_DATES);
  const more = walks.slice(SHOWN_DATES);
  const headingId = `series-${series.id}-${muted ? 'past' : 'upcoming'}`;
  return (
    <WalkCardShell
      imageUrl={next.imageUrl}
      muted={muted}
      priority={priority}
      data-series={series.id}
      aria-labelledby={headingId}
      badges={
        <>
          <Badge variant="default">
            <RepeatIcon aria-hidden="true" className="size-3.5" />
            {series.ruleInWords}
          </Badge>
          <PriceBadge price={next.price} />
        </>
      }
    >
      <div className="grid gap-1">
        <h3 id={headingId} className="font-serif text-xl leading-tight font-semibold">
          <Link to={`/events/${next.id}`} className="hover:text-primary hover:underline underline-offset-4">
            {series.title}
          </Link>
        </h3>
        <p className="text-sm font-medium text-primary">
          {series.ruleInWords} · {walks.length} dates
        </p>
      </div>
      <WalkCardFacts event={next} showWhen={false} />
      <p className="line-clamp-2 text-sm leading-relaxed text-foreground/85">{next.description}</p>
      <div className="mt-auto grid gap-1 pt-2">
        <h4 className="text-sm font-semibold">{muted ? 'Dates' : 'Choose a date'}</h4>
        <ul aria-label={`Dates of ${series.title}`} className="divide-y divide-border text-sm">
          {shown.map((walk) => (
            <SeriesDate key={walk.id} walk={walk} />
          ))}
        </ul>
        {more.length > 0 ? (
          <details className="group text-sm">
            <summary className="cursor-pointer py-2 font-medium text-primary hover:underline underline-offset-4">
              All {walks.length} dates
            </summary>
            <ul aria-label={`More dates of ${series.title}`} className="divide-y divide-border">
              {more.map((walk) => (
                <SeriesDate key={walk.id} walk={walk} />
              ))}
            </ul>
          </details>
        ) : null}
        {muted ? null : (
          <Button asChild size="sm" className="mt-2 justify-self-start">
            <Link to={`/events/${next.id}`}>
              {next.seatsLeft > 0 ? 'Register for' : 'Join the waitlist for'} {shortDay(next.date)}
            </Link>
          </Button>
        )}
      </div>
    </WalkCardShell>
  );
}
