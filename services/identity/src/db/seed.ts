import { randomBytes } from 'node:crypto';
import type { SeedContext } from '@jesus-walks/service-kit/service-definition';
import type { Kysely } from 'kysely';
import type { Env } from '../env';
import { hashPassword } from '../modules/passwords/password-hasher';
import { countAdmins, insertUser } from '../modules/users/users.repository';
import type { IdentityDatabase } from './database';

export const DEMO_ADMIN = { username: 'admin', email: 'admin@jesuswalks.local' } as const;

/**
 * Demo data for the standalone mode; idempotent. When no administrator exists and none is
 * configured (ADMIN_*), creates one with a random password and shows its credentials once:
 * they are never stored in plain text, so they cannot be shown again.
 */
export async function seed(db: Kysely<IdentityDatabase>, context: SeedContext<Env>): Promise<void> {
  if (context.env.ADMIN_USERNAME || (await countAdmins(db)) > 0) return;
  const password = randomBytes(12).toString('base64url');
  await insertUser(db, { ...DEMO_ADMIN, passwordHash: await hashPassword(password), isAdmin: true });
  context.notice(demoAdminNotice(password, context.env.PUBLIC_ORIGIN));
}

/**
 * The box printed once at the first start. The password can be changed today through the
 * forgot-password page: without SMTP_URL the reset e-mail, link included, is printed to this
 * same console.
 */
export function demoAdminNotice(password: string, origin: string): string {
  const lines = [
    'Demo administrator created (shown only this once):',
    `  username: ${DEMO_ADMIN.username}`,
    `  password: ${password}`,
    `Log in at ${origin}/login.`,
    `To change the password: ${origin}/forgot-password with`,
    `${DEMO_ADMIN.email}; the reset link is printed in this console`,
    '(or e-mailed, when SMTP_URL is set).',
  ];
  const width = Math.max(...lines.map((text) => text.length));
  return [
    `┌${'─'.repeat(width + 2)}┐`,
    ...lines.map((text) => `│ ${text.padEnd(width)} │`),
    `└${'─'.repeat(width + 2)}┘`,
  ].join('\n');
}
