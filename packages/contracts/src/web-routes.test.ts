import { describe, expect, it } from 'vitest';
import { isWebRoute, matchWebRoute, webPages, webRoutePaths } from './web-routes';

const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '12');

describe('isWebRoute', () => {
  it.each(webRoutePaths.map((pattern) => [concrete(pattern)]))('knows %s', (path) => {
    expect(isWebRoute(path)).toBe(true);
  });

  it('knows an event page by id', () => {
    expect(isWebRoute('/events/12')).toBe(true);
    expect(isWebRoute('/events/a-slug')).toBe(true);
  });

  it('ignores one or more trailing slashes', () => {
    expect(isWebRoute('/shop/')).toBe(true);
    expect(isWebRoute('/admin/seo/')).toBe(true);
    expect(isWebRoute('/events/12/')).toBe(true);
    expect(isWebRoute('/login//')).toBe(true);
  });

  it('reads /events/ as the events list with a trailing slash, never as an event with an empty id', () => {
    // React Router renders /events/ as the list too, so the gateway must answer it 200, not 404.
    expect(isWebRoute('/events/')).toBe(true);
    expect(isWebRoute('/events//12')).toBe(false);
  });

  it('keeps the root a route', () => {
    expect(isWebRoute('/')).toBe(true);
  });

  it.each([
    '/events/1/x',
    '/events/1/x/',
    '/nope',
    '/shop/extra',
    '/Shop',
    '/admin/users',
    '/api/products',
    '/sitemap.xml',
    '',
    '//',
  ])('does not know %s', (path) => {
    expect(isWebRoute(path)).toBe(false);
  });
});

describe('matchWebRoute', () => {
  it('names the page a path is, a path without parameters before one with', () => {
    expect(matchWebRoute('/events/12')).toBe('/events/:id');
    expect(matchWebRoute('/events/')).toBe('/events');
    expect(matchWebRoute('/orders/status')).toBe('/orders/status');
    expect(matchWebRoute('/crypto/sandbox/abc')).toBe('/crypto/sandbox/:code');
    expect(matchWebRoute('/events/1/x')).toBeNull();
  });
});

describe('the pages’ declaration', () => {
  it('lists in the sitemap only pages rendered on the server: a crawler reads the first HTML', () => {
    const listed = webRoutePaths.filter((path) => webPages[path].indexing === 'listed');
    expect(listed.filter((path) => webPages[path].rendered !== 'server')).toEqual([]);
  });

  it('declares a head only for a page in the sitemap, whose head the SEO head check reads', () => {
    const withHead = webRoutePaths.filter((path) => 'head' in webPages[path]);
    expect(withHead.filter((path) => webPages[path].indexing !== 'listed')).toEqual([]);
  });

  it('names data only for pages rendered on the server (the browser loads its own)', () => {
    const withData = webRoutePaths.filter((path) => 'data' in webPages[path]);
    expect(withData.filter((path) => webPages[path].rendered !== 'server')).toEqual([]);
  });
});
