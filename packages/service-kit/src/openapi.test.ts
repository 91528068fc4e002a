import { routeTable } from '@jesus-walks/contracts/route-table';
import { serviceNames } from '@jesus-walks/contracts/services';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { openApiDocumentOf } from './openapi';

type Operation = {
  parameters: { name: string; in: string }[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
  security?: unknown[];
  'x-access': string;
};
type Document = { paths: Record<string, Record<string, Operation>> };

describe('the OpenAPI documents built from the route contracts', () => {
  it.each(serviceNames)(
    "%s's document is valid OpenAPI 3.1 and lists each of its routes",
    async (service) => {
      const routes = routeTable.filter((route) => route.service === service);
      const document = openApiDocumentOf(service, routes) as Document;
      const result = await new Validator().validate(document as never);
      expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 800)).toEqual([]);
      expect(result.valid).toBe(true);

      for (const route of routes) {
        const path = route.path.replace(/:(\w+)/g, '{$1}');
        const operation = document.paths[path]?.[route.method.toLowerCase()];
        expect(operation, `${route.method} ${route.path}`).toBeDefined();
        if (!operation) continue;
        expect(operation['x-access']).toBe(route.access);
        expect(Object.keys(operation.responses).sort()).toEqual(Object.keys(route.responses).sort());
        for (const [, name] of route.path.matchAll(/:(\w+)/g))
          expect(operation.parameters).toContainEqual(expect.objectContaining({ name, in: 'path' }));
        expect(operation.requestBody !== undefined).toBe(route.request?.body !== undefined);
        expect(operation.security !== undefined).toBe(route.access === 'user' || route.access === 'admin');
      }
      const operations = Object.values(document.paths).flatMap((methods) => Object.keys(methods));
      expect(operations).toHaveLength(routes.length);
    },
  );

  it('would be told apart from an invalid one by the validator', async () => {
    const broken = { ...openApiDocumentOf('x', routeTable.slice(0, 1)), openapi: undefined, paths: 'none' };
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });
});
