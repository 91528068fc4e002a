import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { EnvSource } from '@jesus-walks/service-kit/env';
import type { DeployableMessage, DeployableName } from './deployable-process';

/** Compiled (dist/main.js, `pnpm start`) or run from source with tsx (development, tests). */
const compiled = import.meta.url.endsWith('.js');
const entry = fileURLToPath(
  new URL(compiled ? './deployable-process.js' : './deployable-process.ts', import.meta.url),
);

/**
 * The supervisor's own Node flags (source maps, a profiler, tsx's loader from source...) for its
 * children, without a debugger's port, which two processes cannot share.
 */
function childExecArgv(): string[] {
  const flags = process.execArgv.filter((flag) => !flag.startsWith('--inspect'));
  return compiled || flags.some((flag) => flag.includes('tsx')) ? flags : [...flags, '--import', 'tsx'];
}

export interface SupervisorLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

export interface SupervisorOptions {
  logger: SupervisorLogger;
  /** The wait before restarting a deployable that stopped, doubled after each failed start... */
  restartDelayMs?: number;
  /** ...up to this. */
  maxRestartDelayMs?: number;
  /** A deployable up this long starts over from the first delay when it next stops. */
  resetAfterMs?: number;
  /** A start not ready within this is killed (and counts as a failed one). */
  readyTimeoutMs?: number;
  /** How long a deployable may take to stop after SIGTERM before it gets SIGKILL. */
  stopTimeoutMs?: number;
}

/** A deployable's first start failed: its own words, and the error's code (EADDRINUSE...). */
export class DeployableStartError extends Error {
  override name = 'DeployableStartError';
  constructor(
    readonly deployable: DeployableName,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface Supervisor {
  /**
   * Starts a deployable in a process of its own; answers its port once it is ready, or rejects
   * when it stops first. From then on it is restarted, on that port, whenever it stops.
   */
  start(name: DeployableName, env: EnvSource): Promise<number>;
  /** No more restarts; SIGTERM to every deployable, SIGKILL to one still there after the bound. */
  stop(): Promise<void>;
}

interface Supervised {
  name: DeployableName;
  env: NodeJS.ProcessEnv;
  child?: ChildProcess;
  exited?: Promise<void>;
  readySince: number;
  nextDelayMs: number;
  restartTimer?: NodeJS.Timeout;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `was killed by ${signal}` : `exited with code ${code}`;

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * Runs each deployable of the standalone site (the six services, the gateway) as a child process,
 * so they share the machine's cores, and keeps them running: one that stops unexpectedly is
 * started again on the same port with the same environment, after a delay that grows while it
 * keeps failing. Meanwhile the gateway answers 503 for that service's routes and the rest of the
 * site keeps working.
 */
export function createSupervisor(options: SupervisorOptions): Supervisor {
  const { logger } = options;
  const firstDelayMs = options.restartDelayMs ?? 500;
  const maxDelayMs = options.maxRestartDelayMs ?? 10_000;
  const resetAfterMs = options.resetAfterMs ?? 30_000;
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const supervised = new Map<DeployableName, Supervised>();
  let stopping = false;

  /** One process for `deployable`: its port once ready; rejects when it stops first. */
  function launch(deployable: Supervised): Promise<number> {
    if (stopping) return Promise.reject(new DeployableStartError(deployable.name, 'stopping', undefined));
    const child = fork(entry, [deployable.name], {
      env: deployable.env,
      execArgv: childExecArgv(),
      // Its output is the site's output. Its own session: a terminal's Ctrl-C reaches the
      // supervisor only, which stops the children itself, in order.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    deployable.child = child;
    return new Promise<number>((resolve, reject) => {
      let ready = false;
      let failure: { message: string; code?: string | undefined } | undefined;
      const readyTimer = setTimeout(() => {
        failure = { message: `not ready after ${seconds(readyTimeoutMs)}` };
        child.kill('SIGKILL');
      }, readyTimeoutMs);
      child.on('message', (message: DeployableMessage) => {
        if (message?.type === 'failed') failure = message;
        if (message?.type !== 'ready' || ready) return;
        ready = true;
        clearTimeout(readyTimer);
        deployable.readySince = Date.now();
        logger.debug(`${deployable.name} ready (pid ${child.pid}, port ${message.port})`);
        resolve(message.port);
      });
      deployable.exited = new Promise<void>((exited) => {
        let gone = false;
        const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
          if (gone) return;
          gone = true;
          clearTimeout(readyTimer);
          if (deployable.child === child) deployable.child = undefined;
          exited();
          if (!ready) {
            const why = failure?.message ?? describeExit(code, signal);
            reject(new DeployableStartError(deployable.name, why, failure?.code));
          } else if (!stopping) {
            // Up long enough: this is a new failure, not the same one again.
            if (Date.now() - deployable.readySince >= resetAfterMs) deployable.nextDelayMs = firstDelayMs;
            scheduleRestart(deployable, describeExit(code, signal));
          }
        };
        child.once('exit', onExit);
        // Not even started (no exit event follows); other errors (a failed kill) change nothing.
        child.on('error', (error) => {
          if (child.pid === undefined) {
            failure = { message: error.message };
            onExit(null, null);
          }
        });
      });
    });
  }

  function scheduleRestart(deployable: Supervised, why: string): void {
    const delay = deployable.nextDelayMs;
    deployable.nextDelayMs = Math.min(delay * 2, maxDelayMs);
    logger.warn(`${deployable.name} ${why}: restarting it in ${seconds(delay)}`);
    deployable.restartTimer = setTimeout(() => {
      deployable.restartTimer = undefined;
      if (stopping) return;
      launch(deployable).then(
        () => logger.info(`${deployable.name} is running again`),
        (error: Error) => {
          if (!stopping) scheduleRestart(deployable, `did not start again (${error.message.split('\n')[0]})`);
        },
      );
    }, delay);
  }

  return {
    async start(name, env) {
      const deployable: Supervised = {
        name,
        env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
        readySince: 0,
        nextDelayMs: firstDelayMs,
      };
      supervised.set(name, deployable);
      const port = await launch(deployable);
      // A restart takes the same port, also when the first start let the system pick one.
      deployable.env.PORT = String(port);
      return port;
    },

    async stop() {
      stopping = true;
      await Promise.all(
        [...supervised.values()].map(async (deployable) => {
          clearTimeout(deployable.restartTimer);
          const { child, exited } = deployable;
          if (!child || !exited) return;
          child.kill('SIGTERM');
          const killTimer = setTimeout(() => {
            logger.warn(
              `${deployable.name} still running ${seconds(stopTimeoutMs)} after SIGTERM: killing it`,
            );
            child.kill('SIGKILL');
          }, stopTimeoutMs);
          await exited;
          clearTimeout(killTimer);
        }),
      );
    },
  };
}
