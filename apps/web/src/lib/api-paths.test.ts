import { describe, expect, it } from 'vitest';

/**
 * A lint: every API path comes from a route contract of packages/contracts through `callApi`
 * (lib/api-client.ts), so no file of the app writes one by hand. Only the tests of lib, which
 * check the client itself, may spell a path out.
 */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/lib/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The file without its comments, so that a doc comment naming a route is fine. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/**
 * String and template literals that are API addresses: starting with '/api/', with a host before
 * it, or with an interpolation before it (`${base}/api/...`). Module paths ('../api/login') and
 * prose that mentions a route are not.
 */
export function handWrittenApiPaths(source: string): string[] {
  const literals = withoutComments(source).match(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g) ?? [];
  return literals.filter((literal) => /^.(?:https?:\/\/[^/\s]*|\$\{[^}]*\})?\/api\//.test(literal));
}

describe('API paths', () => {
  it('finds the files it scans', () => {
    expect(Object.keys(sources)).toContain('/src/lib/api-client.ts');
    expect(Object.keys(sources)).toContain('/src/features/events/api/get-event.ts');
    expect(Object.keys(sources)).not.toContain('/src/lib/api-client.test.ts');
  });

  it('recognises a hand-written path in any kind of literal, not in comments', () => {
    expect(handWrittenApiPaths("fetch('/api/events')")).toEqual(["'/api/events'"]);
    expect(handWrittenApiPaths('get("/api/products")')).toEqual(['"/api/products"']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(handWrittenApiPaths('post(`/api/events/${id}/registrations`)')).toHaveLength(1);
    expect(handWrittenApiPaths("const url = base + '/api/x';")).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    expect(handWrittenApiPaths('fetch(`${origin}/api/x`)')).toHaveLength(1);
    expect(handWrittenApiPaths("fetch('http://localhost:3000/api/x')")).toHaveLength(1);
    expect(handWrittenApiPaths("import { login } from '../api/login';")).toEqual([]);
    expect(handWrittenApiPaths("it('posts to /api/users', () => {});")).toEqual([]);
    expect(
      handWrittenApiPaths('/** GET /api/events: the list */\n// POST /api/cart/add\nconst a = 1;'),
    ).toEqual([]);
    expect(handWrittenApiPaths("callApi(eventRoutes.list); const s = 'api';")).toEqual([]);
  });

  it('no file outside the tests of lib writes an API path by hand', () => {
    const offenders = Object.entries(sources).flatMap(([file, source]) =>
      handWrittenApiPaths(source).map((literal) => `${file}: ${literal}`),
    );
    expect(offenders).toEqual([]);
  });
});
