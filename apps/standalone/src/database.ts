import { join } from 'node:path';
import { startEmbeddedPostgres } from '@jesus-walks/local-postgres/embedded-postgres';
import { freePort } from '@jesus-walks/local-postgres/network';
import pg from 'pg';

export const STANDALONE_DATABASE = 'jesus_walks';

export interface StandaloneDatabase {
  url: string;
  /** Stops the embedded server (data kept); nothing for an external server. */
  stop(): Promise<void>;
  embedded: boolean;
}

async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL when given (used as is); otherwise an embedded Postgres whose data lives in
 * DATA_DIR/postgres and survives restarts, holding one database for all the services' schemas.
 */
export async function openStandaloneDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  onLog?: (message: string) => void;
}): Promise<StandaloneDatabase> {
  if (options.databaseUrl) return { url: options.databaseUrl, stop: async () => {}, embedded: false };
  const server = await startEmbeddedPostgres({
    dataDir: join(options.dataDir, 'postgres'),
    port: options.port || (await freePort()),
    persistent: true,
    // The runner stops the database after the services on Ctrl-C; the terminal must not do it first.
    ownProcessGroup: true,
    ...(options.onLog ? { onLog: options.onLog } : {}),
  });
  try {
    await ensureDatabase(server.url, STANDALONE_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const url = new URL(server.url);
  url.pathname = `/${STANDALONE_DATABASE}`;
  return { url: url.toString(), stop: () => server.stop(), embedded: true };
}
