import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { anEvent } from '@/testing/api-stubs';
import { EventCard } from './event-card';
import { OpenInMapsLink, WalkFactsLine } from './walk-facts';

const ridge = anEvent({
  title: 'Atlas Peak Ridge Walk',
  distanceMiles: 4.2,
  elevationGainFeet: 650,
  difficulty: 'moderate',
  durationMinutes: 150,
  minimumAge: 8,
  dogsAllowed: true,
  meetingPoint: { latitude: 38.4187, longitude: -122.2484 },
});

/** The text a screen reader reads: what is hidden from it left out. */
function spokenText(html: string): string {
  return html
    .replace(/<span aria-hidden="true"[^>]*>[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text as seen: the screen reader's words left out. */
function shownText(html: string): string {
  return html
    .replace(/<span class="sr-only">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the trail facts line', () => {
  it('shows the facts short, one list, and says each in full', () => {
    const html = renderToStaticMarkup(<WalkFactsLine event={ridge} />);
    expect(html).toMatch(/^<ul aria-label="Trail facts"/);
    expect(html.match(/<li /g)).toHaveLength(6);
    expect(shownText(html)).toBe(
      '4.2 mi · 650 ft gain · Moderate · About 2 h 30 min · Ages 8+ · Dogs welcome',
    );
    expect(spokenText(html)).toBe(
      '4.2 miles 650 feet of elevation gain Moderate About 2 hours 30 minutes Ages 8 and up Dogs welcome',
    );
  });

  it('is not there for a walk without details', () => {
    expect(renderToStaticMarkup(<WalkFactsLine event={anEvent()} />)).toBe('');
  });

  it("is on the walk's card, and a card without details has no trail line", () => {
    const card = renderToStaticMarkup(
      <MemoryRouter>
        <EventCard event={ridge} />
      </MemoryRouter>,
    );
    expect(card).toContain('<dt class="sr-only">Trail</dt>');
    expect(shownText(card)).toContain('4.2 mi · 650 ft gain · Moderate');
    const plain = renderToStaticMarkup(
      <MemoryRouter>
        <EventCard event={anEvent()} />
      </MemoryRouter>,
    );
    expect(plain).not.toContain('Trail');
  });
});

describe('Open in Maps', () => {
  it("opens the meeting point's coordinates in the maps app, in a new tab on a computer", () => {
    const html = renderToStaticMarkup(<OpenInMapsLink point={{ latitude: 38.4187, longitude: -122.2484 }} />);
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=38.4187%2C-122.2484"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(spokenText(html)).toBe('Open in Maps (the meeting point, in a new tab)');
  });
});
