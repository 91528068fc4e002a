import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Hears the NOTIFY that the services' triggers send when what everyone reads changes (the
 * catalog, the events), on a LISTEN connection of its own, reconnecting with backoff. What it is
 * for: memory that may only be kept while every change to its source would be heard (a service's
 * public read cache, the gateway's rendered pages).
 * - `onChange` runs for each notification, and when the connection comes up (whatever changed while
 *   nobody listened is unknown) or goes down;
 * - `listening` is false while the connection is down: keep nothing then.
 */
export interface ChangeListener {
  readonly listening: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_MAX_MS = 10_000;

export function createChangeListener(options: {
  connectionString: string;
  channels: readonly string[];
  logger: FastifyBaseLogger;
  onChange: () => void;
  /** The connection's application_name in pg_stat_activity. */
  name: string;
}): ChangeListener {
  let listening = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelay = 500;

  async function listen(): Promise<void> {
    const connection = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.name,
    });
    client = connection;
    const lost = (error?: Error) => {
      if (client !== connection) return;
      listening = false;
      options.onChange();
      client = undefined;
      connection.end().catch(() => {});
      if (stopped) return;
      if (error)
        options.logger.warn(
          { err: error, listener: options.name },
          'lost the LISTEN connection; keeping nothing until it is back',
        );
      retryTimer = setTimeout(() => void listen(), retryDelay);
      retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
    };
    connection.on('error', lost);
    connection.on('end', () => lost());
    connection.on('notification', () => options.onChange());
    try {
      await connection.connect();
      for (const channel of options.channels) {
        await connection.query(`LISTEN ${connection.escapeIdentifier(channel)}`);
      }
      if (client !== connection) return;
      // Whatever changed while nobody listened is unknown: start empty.
      options.onChange();
      listening = true;
      retryDelay = 500;
    } catch (error) {
      lost(error as Error);
    }
  }

  return {
    get listening() {
      return listening;
    },
    async start() {
      stopped = false;
      await listen();
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const connection = client;
      client = undefined;
      listening = false;
      await connection?.end().catch(() => {});
    },
  };
}
