/**
 * The six services as the standalone runs them: in one process (the services deployable of
 * `pnpm start`, or the in-process stack of the tests), each on its own loopback port and its own
 * small pool, talking to the others over HTTP exactly as when deployed apart.
 */
import { service as aiAssistant } from '@jesus-walks/ai-assistant/service';
import { service as catalogAndOrders } from '@jesus-walks/catalog-and-orders/service';
import { service as contentAndEvents } from '@jesus-walks/content-and-events/service';
import { service as identity } from '@jesus-walks/identity/service';
import { service as payments } from '@jesus-walks/payments/service';
import { service as seo } from '@jesus-walks/seo/service';
import type { ServiceApp } from '@jesus-walks/service-kit/create-service';
import { createDatabase, migrateToLatest } from '@jesus-walks/service-kit/database';
import type { EnvSource } from '@jesus-walks/service-kit/env';
import {
  type BaseServiceEnv,
  createServiceDeps,
  type ServiceDefinition,
} from '@jesus-walks/service-kit/service-definition';
import type { Logger } from 'pino';

/** Every service, in start order (identity first: the gateway resolves sessions through it). */
// biome-ignore lint/suspicious/noExplicitAny: each service has its own table types; the runner needs none of them
export type AnyService = ServiceDefinition<BaseServiceEnv, any>;
export const services: readonly AnyService[] = [
  identity,
  catalogAndOrders,
  payments,
  contentAndEvents,
  seo,
  aiAssistant,
] as readonly AnyService[];

/**
 * One service on the port its environment names: its migrations first (unless RUN_MIGRATIONS is
 * false), then its demo data when `seed` says so, then its app. Nothing stays open when it fails.
 */
export async function startService(
  definition: AnyService,
  source: EnvSource,
  options: { seed: boolean; logger: Logger | false; notice: (message: string) => void },
): Promise<ServiceApp> {
  const env = definition.loadEnv(source);
  const db = createDatabase<unknown>({
    connectionString: env.DATABASE_URL,
    schema: definition.schema,
    poolMax: env.DATABASE_POOL_MAX,
    applicationName: definition.name,
  });
  try {
    if (env.RUN_MIGRATIONS) {
      await migrateToLatest(db, definition.schema, definition.migrations);
      if (options.seed) await definition.seed(db, { env, notice: options.notice });
    }
    const deps = createServiceDeps({
      db,
      schema: definition.schema,
      logger: options.logger,
      notice: options.notice,
    });
    const app = await definition.buildApp(env, deps);
    try {
      await app.listen({ host: env.HOST, port: env.PORT });
    } catch (error) {
      await app.close();
      throw error;
    }
    return app; // closing it closes its pool too
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
}
