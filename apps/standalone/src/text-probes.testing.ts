import type { RouteContract } from '@jesus-walks/contracts/route-contract';
import { z } from 'zod';

/** Where a probe goes in a request, and the path the answer's issue names. */
export interface TextProbe {
  name: string;
  /** The path the 400's issue should name, e.g. ['body', 'username']. */
  issuePath: Array<string | number>;
  query?: string;
  body?: string;
}

type JsonSchemaNode = {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode | JsonSchemaNode[];
  additionalProperties?: boolean | JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
};

/** Every string field of a request schema, as paths into the JSON value (nested objects and arrays too). */
export function stringFieldPaths(schema: z.ZodType): Array<Array<string | number>> {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
  const found = new Map<string, Array<string | number>>();
  const walk = (node: JsonSchemaNode | undefined, path: Array<string | number>, depth: number) => {
    if (!node || depth > 8) return;
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
      walk(branch, path, depth + 1);
    }
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('string') && path.length > 0) found.set(JSON.stringify(path), path);
    for (const [name, child] of Object.entries(node.properties ?? {}))
      walk(child, [...path, name], depth + 1);
    const items = Array.isArray(node.items) ? node.items : node.items ? [node.items] : [];
    for (const item of items) walk(item, [...path, 0], depth + 1);
    if (typeof node.additionalProperties === 'object') {
      walk(node.additionalProperties, [...path, 'field'], depth + 1);
    }
  };
  walk(root, [], 0);
  return [...found.values()];
}

/** A JSON value with `value` at `path` (objects, and arrays at index 0). */
function valueAt(path: Array<string | number>, value: unknown): unknown {
  return path.reduceRight<unknown>(
    (inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }),
    value,
  );
}

const NUL_TEXT = 'hiker\u0000trail';

/**
 * Requests with text Postgres cannot store in each string field of a route's query and body: a
 * NUL in every field, and once per body a lone surrogate and bytes that are not UTF-8.
 */
export function textProbesFor(route: RouteContract): TextProbe[] {
  const probes: TextProbe[] = [];
  const query = route.request?.querystring;
  if (query) {
    for (const path of stringFieldPaths(query).filter((p) => p.length === 1)) {
      const field = String(path[0]);
      probes.push({
        name: `NUL in query ${field}`,
        issuePath: ['querystring', field],
        query: `${encodeURIComponent(field)}=${encodeURIComponent(NUL_TEXT)}`,
      });
    }
  }
  const body = route.request?.body;
  if (body) {
    const paths = stringFieldPaths(body);
    for (const path of paths) {
      probes.push({
        name: `NUL in body ${path.join('.')}`,
        issuePath: ['body', ...path],
        body: JSON.stringify(valueAt(path, NUL_TEXT)),
      });
    }
    const first = paths[0];
    if (first) {
      probes.push({
        name: `lone surrogate in body ${first.join('.')}`,
        issuePath: ['body', ...first],
        body: JSON.stringify(valueAt(first, 'hiker\uD800trail')),
      });
    }
  }
  return probes;
}
