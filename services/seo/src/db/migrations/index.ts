import type { Migrations } from '@jesus-walks/service-kit/database';
import * as m0001 from './0001_create_search_console_tables';
import * as m0002 from './0002_add_search_console_daily_and_periods';

/** Every migration of the seo schema, in order. Listed explicitly so bundlers and tests see them. */
export const migrations: Migrations = {
  '0001_create_search_console_tables': m0001,
  '0002_add_search_console_daily_and_periods': m0002,
};
