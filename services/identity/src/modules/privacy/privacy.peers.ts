import {
  type MemberDataPart,
  type MemberDataService,
  type MemberErasure,
  type MemberRef,
  memberDataServices,
  privacyRoutesOf,
} from '@jesus-walks/contracts/privacy';
import { upstreamUnavailable } from '@jesus-walks/service-kit/errors';
import { createInternalClient, type InternalClient } from '@jesus-walks/service-kit/internal-client';

/**
 * The services that keep something about a member, reached over their internal privacy routes
 * (contracts/privacy.ts), the way the activity record is gathered (audit-log.sources). A service
 * without a configured URL cannot be reached: its call fails, so the job that needs it retries
 * rather than leaving its part out.
 */
export interface PrivacyPeers {
  /** An export needs no usernames: its rows are found by id and addresses. */
  exportOf(service: MemberDataService, member: Omit<MemberRef, 'usernames'>): Promise<MemberDataPart>;
  erase(service: MemberDataService, member: MemberRef): Promise<MemberErasure>;
  close(): Promise<void>;
}

/**
 * A service gathering or erasing one member's rows answers within this; a slower one counts as
 * failed for this attempt (the job retries).
 */
export const PRIVACY_PEER_TIMEOUT_MS = 15_000;

export function createPrivacyPeers(options: {
  internalToken: string;
  peerUrls: Record<MemberDataService, string | undefined>;
  timeoutMs?: number;
}): PrivacyPeers {
  const clients = new Map<MemberDataService, InternalClient>();
  for (const service of memberDataServices) {
    const baseUrl = options.peerUrls[service];
    if (!baseUrl) continue;
    clients.set(
      service,
      createInternalClient({
        baseUrl,
        internalToken: options.internalToken,
        timeoutMs: options.timeoutMs ?? PRIVACY_PEER_TIMEOUT_MS,
      }),
    );
  }
  const clientOf = (service: MemberDataService): InternalClient => {
    const client = clients.get(service);
    if (!client) throw upstreamUnavailable(`${service} is not configured`);
    return client;
  };
  return {
    async exportOf(service, member) {
      return clientOf(service).call(privacyRoutesOf[service].export, { body: member });
    },
    async erase(service, member) {
      return clientOf(service).call(privacyRoutesOf[service].erase, { body: member });
    },
    async close() {
      await Promise.all([...clients.values()].map((client) => client.close()));
    },
  };
}
