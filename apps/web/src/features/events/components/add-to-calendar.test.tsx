import { WALK_CALENDAR_PATH } from '@jesus-walks/contracts/constants';
import { pathOf } from '@jesus-walks/contracts/route-contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteOriginProvider } from '@/lib/site-origin';
import { anEvent } from '@/testing/api-stubs';
import { googleCalendarUrl } from '../utils/google-calendar-link';
import { AddToCalendar } from './add-to-calendar';
import { CalendarSubscription } from './calendar-subscription';

const origin = 'https://jesuswalks.example';

function render(element: React.ReactElement): string {
  return renderToStaticMarkup(<SiteOriginProvider origin={origin}>{element}</SiteOriginProvider>);
}

/** The links of some markup: their address (entities decoded) and their text. */
function linksOf(html: string): Array<{ href: string; text: string }> {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((match) => ({
    href: (match[1] ?? '').replaceAll('&amp;', '&'),
    text: (match[2] ?? '').replace(/<[^>]+>/g, '').trim(),
  }));
}

const walk = anEvent({
  id: 12,
  title: 'Sunrise Prayer Walk',
  date: '2030-05-04T13:30:00.000Z',
  durationMinutes: 150,
  location: 'Stags Leap trailhead, Napa',
  description: 'We climb to the overlook & pray.',
});

describe('AddToCalendar', () => {
  it("offers the walk's .ics file and Google Calendar's add-event page", () => {
    const html = render(<AddToCalendar event={walk} />);
    expect(html).toContain('Add to calendar');
    const [file, google] = linksOf(html);
    expect(file).toEqual({
      href: pathOf(WALK_CALENDAR_PATH, { id: 12 }),
      text: 'Calendar file (.ics) for Apple Calendar, Outlook and others',
    });
    expect(google?.text).toBe('Google Calendar (in a new tab)');
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    const url = new URL(google?.href ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'TEMPLATE',
      text: 'Sunrise Prayer Walk',
      dates: '20300504T133000Z/20300504T160000Z',
      details: 'We climb to the overlook & pray.\n\nhttps://jesuswalks.example/events/12',
      location: 'Stags Leap trailhead, Napa',
    });
  });

  it('is not offered for a walk that is over or cancelled', () => {
    expect(render(<AddToCalendar event={{ ...walk, isPast: true }} />)).toBe('');
    expect(render(<AddToCalendar event={{ ...walk, isCancelled: true }} />)).toBe('');
  });
});

describe('googleCalendarUrl', () => {
  it('gives a walk of unknown length three hours, and cuts a long description', () => {
    const url = new URL(
      googleCalendarUrl(
        { ...walk, durationMinutes: null, description: 'x'.repeat(5000) },
        `${origin}/events/12`,
      ),
    );
    expect(url.searchParams.get('dates')).toBe('20300504T133000Z/20300504T163000Z');
    const details = url.searchParams.get('details') ?? '';
    expect(details.length).toBeLessThan(1100);
    expect(details.endsWith(`…\n\n${origin}/events/12`)).toBe(true);
  });
});

describe('CalendarSubscription', () => {
  it('subscribes with webcal:// and gives the https address to copy', () => {
    expect(linksOf(render(<CalendarSubscription />))).toEqual([
      { href: 'webcal://jesuswalks.example/events.ics', text: 'Subscribe to the walks calendar' },
      { href: 'https://jesuswalks.example/events.ics', text: 'https://jesuswalks.example/events.ics' },
    ]);
  });
});
