import { describe, expect, it } from 'vitest';
import { isDocumentRequest, resourceHeaders } from './security-headers';

describe('isDocumentRequest', () => {
  it('takes pages for documents, and the API, assets and files for resources', () => {
    for (const page of [
      '/',
      '/shop',
      '/events/12',
      '/orders/status?token=abc.def',
      '/index.html',
      '/api/docs',
    ])
      expect(isDocumentRequest(page), page).toBe(true);
    for (const resource of [
      '/api/products',
      '/api/events/1?x=y.z',
      '/assets/index-abc.js',
      '/health/ready',
      '/images/events/a.svg',
      '/sitemap.xml',
      '/robots.txt',
      '/events.ics',
      '/api/events/3/calendar.ics',
      '/favicon.svg',
    ])
      expect(isDocumentRequest(resource), resource).toBe(false);
  });
});

describe('resourceHeaders', () => {
  it('adds HSTS only behind https', () => {
    expect(resourceHeaders('http://localhost:3000')['strict-transport-security']).toBeUndefined();
    expect(resourceHeaders('https://jesuswalks.example')['strict-transport-security']).toContain('max-age=');
  });
});
