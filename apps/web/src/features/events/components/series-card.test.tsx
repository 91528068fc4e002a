import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { eventsKeys } from '@/lib/events/query-keys';
import { SiteOriginProvider } from '@/lib/site-origin';
import { aListedEvent } from '@/testing/api-stubs';
import { EventsRoute } from '../routes/events';

const series = { id: 3, title: 'Saturday Sunrise Prayer Walk', ruleInWords: 'Every Saturday' };

/** Six Saturdays at 7:00 in the valley, across the November change (PDT, then PST). */
const saturdays = [
  '2030-10-19T14:00:00.000Z',
  '2030-10-26T14:00:00.000Z',
  '2030-11-02T14:00:00.000Z',
  '2030-11-09T15:00:00.000Z',
  '2030-11-16T15:00:00.000Z',
  '2030-11-23T15:00:00.000Z',
];

const walks = saturdays.map((date, index) =>
  aListedEvent({
    id: 20 + index,
    title: series.title,
    date,
    seriesId: series.id,
    series,
    // The third is full, the fourth cancelled on its own.
    seatsLeft: index === 2 ? 0 : 12,
    isCancelled: index === 3,
  }),
);
const single = aListedEvent({
  id: 9,
  title: 'Mount St. Helena Summit Hike',
  date: '2030-10-20T16:00:00.000Z',
});

/** The events page as the server renders it, with the list loaded. */
function renderEvents(): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(eventsKeys.list(), [walks[0], single, ...walks.slice(1)]);
  return renderToString(
    <SiteOriginProvider origin="https://jesuswalks.example">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <EventsRoute />
        </MemoryRouter>
      </QueryClientProvider>
    </SiteOriginProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the events page with a series', () => {
  it("shows the series' walks as one card, at the place of its first walk, single walks as before", () => {
    const html = renderEvents();
    const upcoming = html.slice(html.indexOf('Upcoming walks'));
    // Two entries: the series card first (its first walk is the soonest), then the single walk.
    expect(upcoming.indexOf('data-series="3"')).toBeLessThan(
      upcoming.indexOf('Mount St. Helena Summit Hike'),
    );
    expect(html.match(/data-series="3"/g)).toHaveLength(1);
    expect(text(html)).toContain('Every Saturday · 6 dates');
  });

  it("lists its first dates in the valley's time, each a link to its walk, with its seats, and the rest under 'All 6 dates'", () => {
    const html = text(renderEvents());
    expect(html).toContain('Sat, Oct 19 · 7:00 AM PDT');
    expect(html).toContain('Sat, Nov 9 · 7:00 AM PST');
    expect(html).toContain('Full, join the waitlist');
    expect(html).toContain('Cancelled');
    expect(html).toContain('All 6 dates');
    expect(html).toContain('Register for Sat, Oct 19');
    const markup = renderEvents();
    for (const walk of walks) expect(markup).toContain(`href="/events/${walk.id}"`);
    expect(markup).toMatch(/<details[^>]*>\s*<summary[^>]*>All <!-- -->6<!-- --> dates<\/summary>/);
  });

  it('keeps the structured data of every upcoming walk, each on its own', () => {
    const scripts = [...renderEvents().matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    const urls = scripts.map((match) => (JSON.parse(match[1] ?? '{}') as { url?: string }).url);
    // Single walks and series walks alike: the page's JSON-LD names each walk that is on.
    expect(urls.sort()).toEqual(
      [single, ...walks.filter((walk) => !walk.isCancelled)]
        .map((walk) => `https://jesuswalks.example/events/${walk.id}`)
        .sort(),
    );
  });
});
