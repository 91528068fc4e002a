import { walkMapUrl } from '@jesus-walks/contracts/constants';
import type { MeetingPoint } from '@jesus-walks/contracts/events';
import { NavigationIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Event } from '@/lib/events/get-events';
import { walkFacts } from '@/lib/events/walk-facts';

/**
 * The walk's facts as one line of text that wraps between them: '4.2 mi · 650 ft gain · Moderate ·
 * About 2 h 30 min · Ages 8+ · Dogs welcome'. A list, so a screen reader counts them; each said in
 * full ('4.2 miles'), the dots left unsaid. Nothing for a walk without details.
 */
export function WalkFactsLine({ event, className }: { event: Event; className?: string }) {
  const facts = walkFacts(event);
  if (facts.length === 0) return null;
  return (
    <ul aria-label="Trail facts" className={className}>
      {facts.map((fact, index) => (
        <li key={fact.key} data-fact={fact.key} className="inline">
          {index > 0 ? (
            <span aria-hidden="true" className="text-muted-foreground">
              {' · '}
            </span>
          ) : null}
          {/* A fact never breaks across lines ('About 2 h 30 min'); the line breaks between them. */}
          <span className="whitespace-nowrap">
            {fact.text === fact.spoken ? (
              fact.text
            ) : (
              <>
                <span aria-hidden="true">{fact.text}</span>
                <span className="sr-only">{fact.spoken}</span>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The meeting point in the phone's maps app (lib/events/walk-facts.ts says which link and why). */
export function OpenInMapsLink({ point, className }: { point: MeetingPoint; className?: string }) {
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <a href={walkMapUrl(point)} target="_blank" rel="noopener noreferrer">
        <NavigationIcon aria-hidden="true" />
        Open in Maps
        <span className="sr-only"> (the meeting point, in a new tab)</span>
      </a>
    </Button>
  );
}
