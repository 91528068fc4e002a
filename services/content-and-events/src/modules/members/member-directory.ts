import { userRoutes } from '@jesus-walks/contracts/users';
import { createInternalClient, type InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { FastifyBaseLogger } from 'fastify';

export interface MemberContact {
  id: number;
  username: string;
  email: string;
}

/**
 * Members' contact details, asked of identity (their owner) by id: this service keeps only user ids.
 * Lookups never fail a request: an unknown member or identity being down gives null (logged).
 */
export interface MemberDirectory {
  find(userId: number, requestId?: string): Promise<MemberContact | null>;
  findMany(userIds: readonly number[], requestId?: string): Promise<Map<number, MemberContact>>;
  close(): Promise<void>;
}

const LOOKUP_CONCURRENCY = 8;

export function createMemberDirectory(options: {
  identityUrl: string | undefined;
  internalToken: string;
  logger: FastifyBaseLogger;
}): MemberDirectory {
  const client: InternalClient | undefined = options.identityUrl
    ? createInternalClient({
        baseUrl: options.identityUrl,
        internalToken: options.internalToken,
        timeoutMs: 3_000,
      })
    : undefined;

  async function find(userId: number, requestId?: string): Promise<MemberContact | null> {
    if (!client) {
      options.logger.warn({ userId }, 'IDENTITY_URL is not set: member contact details are unavailable');
      return null;
    }
    try {
      const user = await client.call(userRoutes.internalGet, {
        params: { id: userId },
        ...(requestId ? { requestId } : {}),
      });
      return { id: user.id, username: user.username, email: user.email };
    } catch (error) {
      options.logger.warn({ err: error, userId }, 'member lookup failed');
      return null;
    }
  }

  return {
    find,
    async findMany(userIds, requestId) {
      const unique = [...new Set(userIds)];
      const found = new Map<number, MemberContact>();
      for (let start = 0; start < unique.length; start += LOOKUP_CONCURRENCY) {
        const batch = unique.slice(start, start + LOOKUP_CONCURRENCY);
        const contacts = await Promise.all(batch.map((id) => find(id, requestId)));
        for (const contact of contacts) if (contact) found.set(contact.id, contact);
      }
      return found;
    },
    async close() {
      await client?.close();
    },
  };
}
