import { defineService } from '@jesus-walks/service-kit/service-definition';
import { buildApp } from './app';
import { migrations } from './db/migrations/index';
import { seed } from './db/seed';
import { loadEnv } from './env';

/** The identity service as runners (main.ts, standalone, tests) start it. */
export const service = defineService({ name: 'identity', migrations, loadEnv, buildApp, seed });
