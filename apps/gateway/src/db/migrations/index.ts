import type { Migrations } from '@jesus-walks/service-kit/database';
import * as m0001 from './0001_create_rate_limit_counts';

/** Every migration of the gateway schema, in order. Listed explicitly so bundlers and tests see them. */
export const migrations: Migrations = {
  '0001_create_rate_limit_counts': m0001,
};
