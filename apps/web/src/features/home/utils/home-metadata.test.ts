import { describe, expect, it } from 'vitest';
import { jsonLd } from '@/lib/structured-data';
import { formatCardDate, organizationStructuredData } from './home-metadata';

describe('organizationStructuredData', () => {
  it('names the group with its url, logo, description and Napa, CA, US address', () => {
    expect(organizationStructuredData('https://walks.example')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Jesus Walks',
      url: 'https://walks.example/',
      logo: 'https://walks.example/favicon.svg',
      description: expect.stringContaining('Napa Valley'),
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Napa',
        addressRegion: 'CA',
        addressCountry: 'US',
      },
    });
  });

  it('escapes < in the JSON', () => {
    expect(jsonLd({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
  });
});

describe('formatCardDate', () => {
  it("formats 'MMMM d, yyyy' on Napa's calendar", () => {
    expect(formatCardDate('2030-05-04T16:00:00.000Z')).toBe('May 4, 2030');
    expect(formatCardDate('2030-12-25T04:00:00.000Z')).toBe('December 24, 2030');
  });
});
