import { defineService } from '@jesus-walks/service-kit/service-definition';
import { buildApp } from './app';
import { migrations } from './db/migrations/index';
import { seed } from './db/seed';
import { loadEnv } from './env';

/** The content-and-events service as runners (main.ts, standalone, tests) start it. */
export const service = defineService({ name: 'content-and-events', migrations, loadEnv, buildApp, seed });
