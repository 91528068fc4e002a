import { ConfigError } from '@jesus-walks/service-kit/env';
import { createLogger } from '@jesus-walks/service-kit/logger';
import closeWithGrace from 'close-with-grace';
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
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'closing after an error');
  else logger.info({ signal }, 'closing');
  await app.close();
});
await app.listen({ host: env.HOST, port: env.PORT });
