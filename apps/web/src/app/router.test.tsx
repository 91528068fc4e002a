import { webRoutePaths } from '@jesus-walks/contracts/web-routes';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pages, routes } from './router';

function paths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
}

describe('router', () => {
  it('registers every web route of the contracts and a catch-all 404', () => {
    const registered = paths(routes);
    for (const path of webRoutePaths) expect(registered).toContain(path);
    expect(registered).toContain('*');
    expect(registered).toHaveLength(webRoutePaths.length + 1);
  });

  it('has a lazily loaded page for each route', () => {
    expect(Object.keys(pages).sort()).toEqual([...webRoutePaths].sort());
  });
});
