import { randomUUID } from 'node:crypto';
import { headers } from '@jesus-walks/contracts/common';
import type { RawRequestDefaultExpression } from 'fastify';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The request id: the incoming x-request-id when it is well-formed (the gateway minted it, so one
 * request can be followed across services), else a fresh uuid. Malformed ids never reach logs.
 */
export function requestIdOf(request: RawRequestDefaultExpression): string {
  const given = request.headers[headers.requestId];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}
