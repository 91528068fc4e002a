import type { AuditLogTable } from '@jesus-walks/service-kit/audit';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Read as a Date; optional on insert (the database default). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SocialProfiles {
  facebook?: string;
  instagram?: string;
  twitter?: string;
  linkedin?: string;
  github?: string;
  youtube?: string;
  discord?: string;
  whatsapp?: string;
  telegram?: string;
  signal?: string;
  website?: string;
  company?: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password: string;
  email: string;
  isAdmin: Generated<boolean>;
  isVerified: Generated<boolean>;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  profilePicture: string | null;
  notes: string | null;
  socialProfiles: JSONColumnType<SocialProfiles, SocialProfiles | undefined, SocialProfiles>;
  resetToken: string | null;
  resetTokenExpiry: Date | null;
  /** The member's display name (their full name as they want it shown); null when not given. */
  name: string | null;
  /** A new address asked for: it becomes `email` once the link sent to it is followed. */
  pendingEmail: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The account was deleted: the row stays anonymised, and every lookup treats it as unknown. */
  deletedAt: Date | null;
}

export interface SessionsTable {
  sid: string;
  userId: number | null;
  data: JSONColumnType<Record<string, unknown>>;
  expiresAt: Date;
  createdAt: Timestamp;
  /** When the session was last used (each save of it). */
  lastActiveAt: Timestamp;
}

/**
 * One e-mail link sent (email-confirmations): following it verifies `email` when it is the
 * account's address, or makes it the account's address when it is the pending one. The link signs
 * the row's id.
 */
export interface EmailConfirmationsTable {
  id: Generated<number>;
  userId: number;
  email: string;
  createdAt: Timestamp;
}

/** Rate-limit hits (service-kit rate-limits): one row per counted attempt under one (bucket, key). */
export interface RateLimitHitsTable {
  id: Generated<number>;
  /** What is counted and how: 'login-failure:by-account', 'login-failure:by-address', ... */
  bucket: string;
  /** Whose: 'user:42\n203.0.113.5' (by account), '203.0.113.5\nuser:42' (by address). */
  key: string;
  createdAt: Timestamp;
}

/**
 * Accounts refusing logins from browsers without their device cookie until lockedUntil
 * (rate-limits.service, OWASP device cookies). One row per account key; an expired row is reused.
 */
export interface LoginLockoutsTable {
  accountKey: string;
  startedAt: Timestamp;
  lockedUntil: Date;
}

/** A verified address an account had before its current one (for a download or an erasure). */
export interface PreviousEmailsTable {
  id: Generated<number>;
  userId: number;
  email: string;
  replacedAt: Timestamp;
}

export type DataExportStatus = 'preparing' | 'ready' | 'failed';

/** "Download my data": one request, prepared by a job; the document kept until expiresAt. */
export interface DataExportsTable {
  id: Generated<string>;
  userId: number;
  status: ColumnType<DataExportStatus, DataExportStatus | undefined, DataExportStatus>;
  /** Why it failed (shown to the member). */
  message: string | null;
  document: ColumnType<unknown, string | null | undefined, string | null>;
  createdAt: Timestamp;
  readyAt: Date | null;
  expiresAt: Date | null;
}

/**
 * One service's part of erasing a deleted account. `emails` (the addresses the erasure needs) is
 * removed once every service has done its part.
 */
export interface AccountErasuresTable {
  userId: number;
  service: string;
  emails: ColumnType<string[] | null, string | null | undefined, string | null>;
  /** The usernames the account had (0010), kept as long as the addresses. */
  usernames: ColumnType<string[] | null, string | null | undefined, string | null>;
  requestedAt: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  lastError: string | null;
  erasedAt: Date | null;
  erased: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
}

/** Kysely table types of the identity schema. */
export interface IdentityDatabase {
  users: UsersTable;
  sessions: SessionsTable;
  emailConfirmations: EmailConfirmationsTable;
  rateLimitHits: RateLimitHitsTable;
  loginLockouts: LoginLockoutsTable;
  previousEmails: PreviousEmailsTable;
  dataExports: DataExportsTable;
  accountErasures: AccountErasuresTable;
  auditLog: AuditLogTable;
}
