import { ConfigError } from '@jesus-walks/service-kit/env';
import { createLogger } from '@jesus-walks/service-kit/logger';
import { closeOnSignals } from '@jesus-walks/service-kit/shutdown';
import { buildApp } from './app';
import { type Env, loadEnv } from './env';

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`gateway: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger({ level: env.LOG_LEVEL, name: 'gateway' });
const app = await buildApp(env, { logger });
closeOnSignals({ logger, close: () => app.close(), stoppedMessage: 'stopped' });
await app.listen({ host: env.HOST, port: env.PORT });
