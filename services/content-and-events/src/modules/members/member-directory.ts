import { MAX_USER_LOOKUP_IDS, userRoutes } from '@jesus-walks/contracts/users';
import { DomainError, unauthorized, upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { createInternalClient, type InternalClient } from '@jesus-walks/service-kit/internal-client';
import type { FastifyBaseLogger } from 'fastify';

export interface MemberContact {
  id: number;
  username: string;
  email: string;
}

/** A member's account as identity holds it now: its e-mail and whether the member proved they own it. */
export interface MemberAccount extends MemberContact {
  isVerified: boolean;
}

/**
 * Members' contact details, asked of identity (their owner) by id: this service keeps only user ids.
 * Many members are one call (identity's batch lookup), never one per member. find and findMany never
 * fail a request: an unknown member or identity being down gives null / an absent entry (logged).
 * Never call it inside a transaction that holds row locks (a slow identity would hold them).
 */
export interface MemberDirectory {
  find(userId: number, requestId?: string): Promise<MemberContact | null>;
  findMany(userIds: readonly number[], requestId?: string): Promise<Map<number, MemberContact>>;
  /**
   * For background work that can retry (a registration notice's job): like findMany, but throws
   * when identity cannot answer, unless `bestEffort` (a last attempt takes what it can get). A
   * member identity does not know is simply absent. Without IDENTITY_URL: an empty map, as retrying
   * cannot help.
   */
  findManyOrThrow(
    userIds: readonly number[],
    options?: { requestId?: string; bestEffort?: boolean },
  ): Promise<Map<number, MemberContact>>;
  /**
   * A member's own account, when they act on their own data (the /account page), which cannot do
   * without it: identity down or not configured is a 503, a session whose account is gone a 401.
   */
  account(userId: number, requestId?: string): Promise<MemberAccount>;
  close(): Promise<void>;
}

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

  async function lookup(
    userIds: readonly number[],
    how: { requestId?: string | undefined; bestEffort: boolean },
  ): Promise<Map<number, MemberContact>> {
    const found = new Map<number, MemberContact>();
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return found;
    if (!client) {
      options.logger.warn(
        { userIds: unique.slice(0, 10) },
        'IDENTITY_URL is not set: member contact details are unavailable',
      );
      return found;
    }
    for (let start = 0; start < unique.length; start += MAX_USER_LOOKUP_IDS) {
      const ids = unique.slice(start, start + MAX_USER_LOOKUP_IDS);
      try {
        const users = await client.call(userRoutes.internalLookup, {
          body: { ids },
          ...(how.requestId ? { requestId: how.requestId } : {}),
        });
        for (const user of users)
          found.set(user.id, { id: user.id, username: user.username, email: user.email });
      } catch (error) {
        if (!how.bestEffort) throw error;
        options.logger.warn({ err: error, count: ids.length }, 'member lookup failed');
      }
    }
    return found;
  }

  function findMany(userIds: readonly number[], requestId?: string): Promise<Map<number, MemberContact>> {
    return lookup(userIds, { requestId, bestEffort: true });
  }

  return {
    async find(userId, requestId) {
      return (await findMany([userId], requestId)).get(userId) ?? null;
    },
    findMany,
    findManyOrThrow(userIds, findOptions = {}) {
      return lookup(userIds, {
        requestId: findOptions.requestId,
        bestEffort: findOptions.bestEffort ?? false,
      });
    },
    async account(userId, requestId) {
      if (!client) throw upstreamUnavailable('identity is not configured (IDENTITY_URL)');
      try {
        const user = await client.call(userRoutes.internalGet, {
          params: { id: userId },
          ...(requestId ? { requestId } : {}),
        });
        return { id: user.id, username: user.username, email: user.email, isVerified: user.isVerified };
      } catch (error) {
        // The session outlived its account (erased meanwhile): as good as no session.
        if (error instanceof DomainError && error.code === 'not_found') {
          throw unauthorized('Your account no longer exists. Please log in again.');
        }
        throw error;
      }
    },
    async close() {
      await client?.close();
    },
  };
}
