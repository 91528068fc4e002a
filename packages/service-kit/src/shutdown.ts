import type { FastifyInstance } from 'fastify';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './error-handling';

/** What the shutdown handler logs; any pino logger fits. */
interface ShutdownLogger {
  info(message: string): void;
  warn(message: string): void;
  error(object: object, message: string): void;
}

export interface CloseOnSignalsOptions {
  logger: ShutdownLogger;
  /** Stops accepting, finishes in-flight work, closes pools (in the order the runner needs). */
  close: () => Promise<void>;
  /** Said once the close finished ("Jesus Walks stopped"). */
  stoppedMessage?: string;
  /** A close taking longer than this exits 1 anyway (default 15 s). */
  timeoutMs?: number;
}

/** One Ctrl-C reaches every process of the terminal's group, and pnpm forwards it once more. */
const REPEAT_WINDOW_MS = 1_000;

/**
 * The one way every runnable (a service's main, the gateway's, the standalone runner) stops:
 * SIGINT, SIGTERM or SIGHUP closes everything once and exits 0; an uncaught error closes and
 * exits 1. The same keypress arriving twice within a second is one request to stop; a later one
 * means "do not wait" and exits 130. Answers `stop`, for a runner that must stop on its own.
 */
export function closeOnSignals(options: CloseOnSignalsOptions): (code: number) => Promise<never> {
  let stopping = false;
  let stoppingSince = 0;

  async function stop(code: number): Promise<never> {
    stopping = true;
    stoppingSince = Date.now();
    setTimeout(() => {
      options.logger.error({}, `not stopped after ${(options.timeoutMs ?? 15_000) / 1000} s, exiting anyway`);
      process.exit(1);
    }, options.timeoutMs ?? 15_000).unref();
    let exitCode = code;
    try {
      await options.close();
    } catch (err) {
      options.logger.error({ err }, 'error while stopping');
      exitCode = 1;
    }
    if (options.stoppedMessage) options.logger.info(options.stoppedMessage);
    process.exit(exitCode);
  }

  function onSignal(signal: NodeJS.Signals): void {
    if (stopping) {
      if (Date.now() - stoppingSince < REPEAT_WINDOW_MS) return;
      options.logger.warn(`${signal} again: exiting without waiting`);
      process.exit(130);
    }
    void stop(0);
  }

  function onFatal(err: unknown): void {
    options.logger.error({ err }, stopping ? 'error while stopping' : 'stopping after an error');
    if (stopping) process.exit(1);
    void stop(1);
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  process.on('uncaughtException', onFatal);
  process.on('unhandledRejection', onFatal);
  return stop;
}

/**
 * While an app closes, the requests still arriving on open connections are answered 503 in the
 * API's envelope ({ message, code }) and their connection is closed, instead of Fastify's own 503
 * body (return503OnClosing, which the apps therefore turn off). The gateway passes a service's
 * answer on as it is, so a client sees one error shape whatever stopped.
 *
 * A request already running when the close begins is answered as usual, and its connection is
 * closed after it: Node's server.close() closes only the connections idle at that moment and then
 * waits for the others, so a keep-alive connection that went idle afterwards held the close for
 * its whole keep-alive time (72 s), past the shutdown's timeout.
 */
export function answer503WhileClosing(app: FastifyInstance, name: string): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // A response whose headers left before the close began (a stream) keeps its connection: close
  // it once the response is done, when Node counts it idle.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .code(503)
      .header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS)
      .header('connection', 'close')
      .send({
        message: `The ${name} service is restarting. Please try again shortly.`,
        code: 'service_unavailable',
      });
  });
}
