import type { Migrations } from '@jesus-walks/service-kit/database';
import * as m0001 from './0001_create_events_registrations_and_waitlist';
import * as m0002 from './0002_add_event_cancellation_and_seed_key';
import * as m0003 from './0003_add_registration_statuses';
import * as m0004 from './0004_add_newsletter_confirmation';
import * as m0005 from './0005_create_outbox';
import * as m0006 from './0006_create_idempotency_keys';
import * as m0008 from './0008_create_rate_limit_hits';
import * as m0009 from './0009_drop_outbox';
import * as m0010 from './0010_rate_limit_hits_key_bytewise';
import * as m0011 from './0011_add_event_quotes_and_held_seats';
import * as m0012 from './0012_create_audit_log';
import * as m0013 from './0013_notify_public_read_changes';
import * as m0014 from './0014_add_registration_test_mode';
import * as m0015 from './0015_add_event_quote_holders';
import * as m0016 from './0016_create_take_rate_limit_function';
import * as m0017 from './0017_create_contact_messages';
import * as m0018 from './0018_add_walk_details';
import * as m0019 from './0019_create_walk_reminders';
import * as m0020 from './0020_create_waivers_and_emergency_details';
import * as m0021 from './0021_create_event_series';
import * as m0022 from './0022_create_walk_leaders_and_check_ins';
import * as m0023 from './0023_add_walk_refund_policy';
import * as m0024 from './0024_add_registration_parties';
import * as m0025 from './0025_add_party_attendance';

/**
 * Every migration of the content_and_events schema, in order. Listed explicitly so bundlers and tests
 * see them.
 */
export const migrations: Migrations = {
  '0001_create_events_registrations_and_waitlist': m0001,
  '0002_add_event_cancellation_and_seed_key': m0002,
  '0003_add_registration_statuses': m0003,
  '0004_add_newsletter_confirmation': m0004,
  '0005_create_outbox': m0005,
  '0006_create_idempotency_keys': m0006,
  '0008_create_rate_limit_hits': m0008,
  '0009_drop_outbox': m0009,
  '0010_rate_limit_hits_key_bytewise': m0010,
  '0011_add_event_quotes_and_held_seats': m0011,
  '0012_create_audit_log': m0012,
  '0013_notify_public_read_changes': m0013,
  '0014_add_registration_test_mode': m0014,
  '0015_add_event_quote_holders': m0015,
  '0016_create_take_rate_limit_function': m0016,
  '0017_create_contact_messages': m0017,
  '0018_add_walk_details': m0018,
  '0019_create_walk_reminders': m0019,
  '0022_create_walk_leaders_and_check_ins': m0022,
  '0021_create_event_series': m0021,
  '0020_create_waivers_and_emergency_details': m0020,
  '0023_add_walk_refund_policy': m0023,
  '0024_add_registration_parties': m0024,
  '0025_add_party_attendance': m0025,
};
