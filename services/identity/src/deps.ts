import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Mailer } from '@jesus-walks/service-kit/mailer';
import type { LinkSigner } from '@jesus-walks/service-kit/signed-links';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from './db/database';
import type { PrivacyPeers } from './modules/privacy/privacy.peers';
import type { LoginLockoutPolicy } from './modules/rate-limits/rate-limits.service';
import type { DeviceCookies } from './modules/sessions/device-cookie';
import type { SessionLifetimes } from './modules/sessions/session-store';

/** What the modules of this service work with; app.ts builds it once. */
export interface IdentityDeps {
  db: Kysely<IdentityDatabase>;
  /** The service's job queue: e-mails are queued in the transaction that causes them. */
  jobs: JobQueue;
  mailer: Mailer;
  /** Signs and checks the links of its e-mails (an e-mail address's confirmation). */
  links: LinkSigner;
  /** The site's own origin, for links in e-mails (PUBLIC_ORIGIN). */
  publicOrigin: string;
  /** When failed logins from unknown browsers lock an account out, and for how long (env). */
  lockout: LoginLockoutPolicy;
  /** How long a session lasts unused, and at most (env). */
  lifetimes: SessionLifetimes;
  /** The signed cookie that lets an account's own browser in during a lockout. */
  deviceCookies: DeviceCookies;
  /** Development only: the forgot-password answer carries the reset token (EXPOSE_RESET_TOKEN). */
  exposeResetToken: boolean;
  /** The services that keep something about a member: their part of a download or an erasure. */
  privacy: PrivacyPeers;
  logger: FastifyBaseLogger;
}
