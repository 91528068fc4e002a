import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@jesus-walks/local-postgres/embedded-postgres';
import { freePort } from '@jesus-walks/local-postgres/network';

export interface TestDatabaseServer {
  url: string;
  kind: 'DATABASE_URL' | 'testcontainers' | 'embedded-postgres';
  stop(): Promise<void>;
}

async function dockerAnswers(): Promise<boolean> {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/**
 * The Postgres server tests run against (ARCHITECTURE.md section 7): DATABASE_URL when set;
 * otherwise a testcontainers Postgres when a Docker engine answers; otherwise embedded-postgres.
 */
export async function startTestDatabaseServer(databaseUrl: string | undefined): Promise<TestDatabaseServer> {
  if (databaseUrl) return { url: databaseUrl, kind: 'DATABASE_URL', stop: async () => {} };
  if (await dockerAnswers()) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    return {
      url: container.getConnectionUri(),
      kind: 'testcontainers',
      stop: async () => void (await container.stop()),
    };
  }
  const root = await mkdtemp(join(tmpdir(), 'jesus-walks-test-pg-'));
  const server = await startEmbeddedPostgres({
    dataDir: join(root, 'data'),
    port: await freePort(),
    persistent: false,
  });
  return {
    url: server.url,
    kind: 'embedded-postgres',
    stop: async () => {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
