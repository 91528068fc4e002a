import { SESSION_COOKIE_NAME } from '@jesus-walks/contracts/constants';
import { openApiPathOf, type RouteContract } from '@jesus-walks/contracts/route-contract';
import { routesOf } from '@jesus-walks/contracts/route-table';
import { type ServiceName, serviceNames } from '@jesus-walks/contracts/services';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** Where every service publishes its OpenAPI document (not proxied: the gateway merges them at /api/docs). */
export const OPENAPI_PATH = '/openapi.json';

/** The name of the session cookie scheme in the documents (identity's cookie). */
export const SESSION_SCHEME = 'session';

type JsonSchema = Record<string, unknown>;

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    // Dates, transforms and the like are described as what they accept, never refused.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
};

/** Path and query parameters: one per property of the contract's object schema. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

/** One operation of the document, from one route contract. */
export function operationOf(contract: RouteContract): JsonSchema {
  const body = contract.request?.body;
  return {
    summary: contract.summary,
    operationId: `${contract.method.toLowerCase()} ${contract.path}`,
    tags: [contract.service],
    'x-access': contract.access,
    ...(contract.access === 'user' || contract.access === 'admin'
      ? { security: [{ [SESSION_SCHEME]: [] }] }
      : {}),
    parameters: [
      ...parametersOf(contract.request?.params, 'path'),
      ...parametersOf(contract.request?.querystring, 'query'),
    ],
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchemaOf(body, 'input') } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      Object.entries(contract.responses).map(([status, schema]) => [
        status,
        {
          description: Number(status) < 400 ? 'Success' : 'Error',
          content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
        },
      ]),
    ),
  };
}

/** An OpenAPI 3.1 document for the given routes. */
export function openApiDocumentOf(title: string, routes: readonly RouteContract[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPathOf(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: { title, version: '1.0.0' },
    paths,
    components: {
      securitySchemes: { [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME } },
    },
  };
}

/**
 * The service's OpenAPI document, built from its route contracts (the route table: the same
 * schemas that validate its requests and answers), at GET /openapi.json. Built on first request.
 */
export function registerOpenApi(app: FastifyInstance, service: string): void {
  const isService = (name: string): name is ServiceName => (serviceNames as readonly string[]).includes(name);
  let document: JsonSchema | undefined;
  app.get(OPENAPI_PATH, { logLevel: 'warn' }, async () => {
    document ??= openApiDocumentOf(`Jesus Walks: ${service}`, isService(service) ? routesOf(service) : []);
    return document;
  });
}
