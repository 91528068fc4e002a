import { createDatabase, migrateToLatest } from '@jesus-walks/service-kit/database';
import type { Kysely } from 'kysely';
import { type GatewayDatabase, gatewaySchema } from './database';
import { migrations } from './migrations';

export { type GatewayDatabase, gatewaySchema, migrations };

/**
 * The gateway's schema (the rate limit's shared counts, decision 022), migrated when asked: the one
 * way its runners (main.ts, the standalone's stack and processes) open it.
 */
export async function openGatewayDatabase(options: {
  connectionString: string;
  poolMax: number;
  runMigrations: boolean;
}): Promise<{ db: Kysely<GatewayDatabase>; applied: string[] }> {
  const db = createDatabase<GatewayDatabase>({
    connectionString: options.connectionString,
    schema: gatewaySchema,
    poolMax: options.poolMax,
    applicationName: 'gateway',
  });
  try {
    const applied = options.runMigrations ? await migrateToLatest(db, gatewaySchema, migrations) : [];
    return { db, applied };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
