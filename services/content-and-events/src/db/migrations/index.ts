import type { Migrations } from '@jesus-walks/service-kit/database';
import * as m0001 from './0001_create_events_registrations_and_waitlist';

/**
 * Every migration of the content_and_events schema, in order. Listed explicitly so bundlers and tests
 * see them.
 */
export const migrations: Migrations = {
  '0001_create_events_registrations_and_waitlist': m0001,
};
