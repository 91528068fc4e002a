import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StackSecrets } from './stack-plan';

/**
 * Secrets for a standalone install: taken from the environment when given, otherwise generated
 * once and kept in DATA_DIR/secrets.json (owner-only), so sessions survive a restart.
 */
export async function loadOrCreateSecrets(
  dataDir: string,
  given: Partial<StackSecrets>,
): Promise<StackSecrets> {
  const file = join(dataDir, 'secrets.json');
  const stored: Partial<StackSecrets> = existsSync(file) ? JSON.parse(await readFile(file, 'utf8')) : {};
  const generate = () => randomBytes(32).toString('base64url');
  const secrets: StackSecrets = {
    INTERNAL_TOKEN: given.INTERNAL_TOKEN ?? stored.INTERNAL_TOKEN ?? generate(),
    IDENTITY_SIGNING_KEY: given.IDENTITY_SIGNING_KEY ?? stored.IDENTITY_SIGNING_KEY ?? generate(),
    SESSION_SECRET: given.SESSION_SECRET ?? stored.SESSION_SECRET ?? generate(),
  };
  const toStore = {
    INTERNAL_TOKEN: stored.INTERNAL_TOKEN ?? secrets.INTERNAL_TOKEN,
    IDENTITY_SIGNING_KEY: stored.IDENTITY_SIGNING_KEY ?? secrets.IDENTITY_SIGNING_KEY,
    SESSION_SECRET: stored.SESSION_SECRET ?? secrets.SESSION_SECRET,
  };
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
