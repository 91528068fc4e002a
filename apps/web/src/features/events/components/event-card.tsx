import { CalendarDaysIcon, type LucideIcon, MapPinIcon, MountainIcon, UsersIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatEventDay, formatEventPrice, formatEventTime, seatsText } from '@/lib/events/event-format';
import type { Event } from '@/lib/events/get-events';
import { walkFacts } from '@/lib/events/walk-facts';
import { EventImage } from './event-image';
import { WalkFactsLine } from './walk-facts';

function actionLabel(event: Event): string {
  if (event.isPast || event.isCancelled) return 'View details';
  return event.seatsLeft > 0 ? 'Register' : 'Join the waitlist';
}

/**
 * A walk's card without its words: the picture with its badges over the body. A walk's card and a
 * series' card (series-card.tsx) are both one; `muted` for what is over (past or cancelled).
 */
export function WalkCardShell({
  imageUrl,
  muted,
  priority,
  badges,
  children,
  ...card
}: {
  imageUrl: string | null;
  muted: boolean;
  priority: boolean;
  badges: ReactNode;
  children: ReactNode;
} & Omit<ComponentProps<typeof Card>, 'children'>) {
  return (
    <Card className={cn('flex h-full flex-col overflow-hidden', muted && 'bg-card/70')} {...card}>
      <div className="relative">
        <EventImage
          src={imageUrl}
          loading={priority ? 'eager' : 'lazy'}
          className={cn(muted && 'opacity-75 grayscale-[35%]')}
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">{badges}</div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">{children}</div>
    </Card>
  );
}

function FactRow({ label, icon: Icon, children }: { label: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="sr-only">{label}</dt>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <dd>{children}</dd>
    </div>
  );
}

/** When (for a single walk), where and the trail's facts, as both cards list them. */
export function WalkCardFacts({ event, showWhen }: { event: Event; showWhen: boolean }) {
  return (
    <dl className="grid gap-1.5 text-sm text-muted-foreground">
      {showWhen ? (
        <FactRow label="When" icon={CalendarDaysIcon}>
          <time dateTime={event.date}>
            {formatEventDay(event.date)} · {formatEventTime(event.date)}
          </time>
        </FactRow>
      ) : null}
      <FactRow label="Where" icon={MapPinIcon}>
        {event.location}
      </FactRow>
      {walkFacts(event).length > 0 ? (
        <FactRow label="Trail" icon={MountainIcon}>
          <WalkFactsLine event={event} />
        </FactRow>
      ) : null}
    </dl>
  );
}

/** The badge of a walk's price: 'Free' or '$25.00'. */
export function PriceBadge({ price }: { price: number }) {
  return <Badge variant={price > 0 ? 'accent' : 'secondary'}>{formatEventPrice(price)}</Badge>;
}

/**
 * An event in the /events list: picture, badges, when and where, seats, and the way in. `priority`
 * for the first cards, whose pictures are on screen at once: loaded at once, not lazily.
 */
export function EventCard({ event, priority = false }: { event: Event; priority?: boolean }) {
  const muted = event.isPast || event.isCancelled;
  const full = !muted && event.seatsLeft <= 0;
  return (
    <WalkCardShell
      imageUrl={event.imageUrl}
      muted={muted}
      priority={priority}
      badges={
        <>
          {event.isCancelled ? <Badge variant="destructive">Cancelled</Badge> : null}
          <PriceBadge price={event.price} />
        </>
      }
    >
      <h3 className="font-serif text-xl leading-tight font-semibold">
        <Link to={`/events/${event.id}`} className="hover:text-primary hover:underline underline-offset-4">
          {event.title}
        </Link>
      </h3>
      <WalkCardFacts event={event} showWhen />
      <p className="line-clamp-2 text-sm leading-relaxed text-foreground/85">{event.description}</p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
        <p
          className={cn(
            'inline-flex items-center gap-1.5 text-sm font-semibold',
            full ? 'text-accent' : muted ? 'text-muted-foreground' : 'text-success',
          )}
        >
          <UsersIcon aria-hidden="true" className="size-4" />
          {seatsText(event)}
        </p>
        <Button asChild size="sm" variant={muted ? 'outline' : full ? 'secondary' : 'default'}>
          <Link to={`/events/${event.id}`} aria-label={`${actionLabel(event)}: ${event.title}`}>
            {actionLabel(event)}
          </Link>
        </Button>
      </div>
    </WalkCardShell>
  );
}

/** The shape of a card while the list loads. */
export function EventCardSkeleton() {
  return (
    <Card aria-hidden="true" className="flex h-full flex-col overflow-hidden">
      <div className="aspect-video w-full animate-shimmer bg-secondary" />
      <div className="grid gap-3 p-5">
        <div className="h-6 w-3/4 animate-shimmer rounded-md bg-secondary" />
        <div className="h-4 w-2/3 animate-shimmer rounded-md bg-secondary" />
        <div className="h-4 w-1/2 animate-shimmer rounded-md bg-secondary" />
        <div className="h-10 w-full animate-shimmer rounded-md bg-secondary" />
      </div>
    </Card>
  );
}
