import { describe, expect, it } from 'vitest';
import { isWebRoute, webRoutePaths } from './web-routes';

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
