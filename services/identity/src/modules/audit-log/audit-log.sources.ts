import {
  type AuditEntry,
  type AuditedService,
  type AuditLogQuery,
  internalAuditRouteOf,
} from '@jesus-walks/contracts/audit';
import { listAuditEntries } from '@jesus-walks/service-kit/audit';
import { upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { createInternalClient, type InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../../db/database';

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** Reads one service's activity record: a page for the query, or a rejection when it cannot. */
export type AuditSource = (query: AuditLogQuery, requestId: string) => Promise<AuditPage>;

export type AuditPeer = Exclude<AuditedService, 'identity'>;

export interface AuditSources {
  read: Record<AuditedService, AuditSource>;
  close(): Promise<void>;
}

/**
 * A slow peer must not hold the whole page: past this it is listed as unavailable. Its own
 * record is one indexed query, so a healthy peer answers far sooner.
 */
export const PEER_TIMEOUT_MS = 2_000;

/**
 * Where each audited service's record is read: identity's own table directly, every peer over its
 * internal route (`/internal/audit-log/{service}`). A peer without a configured URL is never
 * reachable.
 */
export function createAuditSources(options: {
  db: Kysely<IdentityDatabase>;
  internalToken: string;
  peerUrls: Record<AuditPeer, string | undefined>;
  timeoutMs?: number;
}): AuditSources {
  const clients: InternalClient[] = [];
  const peerSource = (service: AuditPeer): AuditSource => {
    const baseUrl = options.peerUrls[service];
    if (!baseUrl) {
      return async () => {
        throw upstreamUnavailable(`${service} is not configured`);
      };
    }
    const client = createInternalClient({
      baseUrl,
      internalToken: options.internalToken,
      timeoutMs: options.timeoutMs ?? PEER_TIMEOUT_MS,
    });
    clients.push(client);
    return (query, requestId) =>
      client.call(internalAuditRouteOf[service], { query: { ...query }, requestId });
  };
  return {
    read: {
      identity: async (query) => listAuditEntries(options.db, 'identity', query),
      'catalog-and-orders': peerSource('catalog-and-orders'),
      payments: peerSource('payments'),
      'content-and-events': peerSource('content-and-events'),
      'ai-assistant': peerSource('ai-assistant'),
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}
