import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineRoute, openApiPathOf, type PathParameterNames, pathOf } from './route-contract';

const registration = defineRoute({
  method: 'DELETE',
  path: '/api/events/:id/registrations/:registrationId',
  service: 'content-and-events',
  access: 'admin',
  summary: 'test',
  responses: {},
});

describe('pathOf', () => {
  it("fills a route's parameters, URI-encoded, whatever their name", () => {
    expect(pathOf(registration, { id: 5, registrationId: 9 })).toBe('/api/events/5/registrations/9');
    expect(pathOf('/api/orders/:id', { id: 'a/b c' })).toBe('/api/orders/a%2Fb%20c');
    // A name with digits (the internal client's own copy stopped at the first digit).
    expect(pathOf('/internal/quotes/:quote2Id/release', { quote2Id: 'q' })).toBe(
      '/internal/quotes/q/release',
    );
    expect(pathOf('/api/events/:id/registrations.csv', { id: 3 })).toBe('/api/events/3/registrations.csv');
    expect(pathOf('/api/products', undefined)).toBe('/api/products');
  });

  it('throws for a parameter without a value', () => {
    expect(() => pathOf('/api/orders/:id', {} as never)).toThrow(
      'Missing path parameter id for /api/orders/:id',
    );
  });

  it('types the parameters a path needs', () => {
    expectTypeOf<PathParameterNames<typeof registration.path>>().toEqualTypeOf<'id' | 'registrationId'>();
    expectTypeOf<PathParameterNames<'/api/events/:id/registrations.csv'>>().toEqualTypeOf<'id'>();
    expectTypeOf<PathParameterNames<'/api/products'>>().toEqualTypeOf<never>();
    // @ts-expect-error: registrationId is missing
    expect(() => pathOf(registration, { id: 5 })).toThrow();
  });
});

describe('openApiPathOf', () => {
  it('writes parameters as OpenAPI does', () => {
    expect(openApiPathOf('/api/events/:id/registrations/:registrationId')).toBe(
      '/api/events/{id}/registrations/{registrationId}',
    );
    expect(openApiPathOf('/internal/x/:a1')).toBe('/internal/x/{a1}');
  });
});
