import { format } from 'date-fns';

import { SITE_NAME } from '@/components/seo/page-head';
export const SITE_DESCRIPTION =
  'Jesus Walks is a faith-based guided hiking group in the Napa Valley: walks through vineyards and hills, fellowship, events and merch.';

/** schema.org Organization for search engines (SPEC.md: name, url, logo, description, address). */
export function organizationStructuredData(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description: SITE_DESCRIPTION,
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'Napa',
      addressRegion: 'CA',
      addressCountry: 'US',
    },
    sameAs: [
      'https://www.facebook.com/jesuswalksnapa',
      'https://www.instagram.com/jesuswalksnapa',
      'https://twitter.com/jesuswalksnapa',
    ],
  };
}

const wallClockParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/**
 * An event's date as 'MMMM d, yyyy' (date-fns), on the calendar of the valley where it happens, so
 * a visitor in another time zone sees the day the walk takes place.
 */
export function formatCardDate(iso: string): string {
  const parts = Object.fromEntries(
    wallClockParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return format(new Date(Number(parts.year), Number(parts.month) - 1, Number(parts.day)), 'MMMM d, yyyy');
}
