import type { Migrations } from '@jesus-walks/service-kit/database';
import * as m0001 from './0001_create_users_and_sessions';
import * as m0002 from './0002_add_auth_attempts_and_outbox';
import * as m0003 from './0003_drop_outbox';
import * as m0004 from './0004_replace_auth_attempts_with_rate_limit_hits';
import * as m0005 from './0005_create_audit_log';
import * as m0006 from './0006_index_admin_users';
import * as m0007 from './0007_create_login_lockouts';
import * as m0008 from './0008_add_account_email_confirmations_and_session_activity';
import * as m0009 from './0009_add_account_privacy';
import * as m0010 from './0010_add_erasure_usernames';

/** Every migration of the identity schema, in order. Listed explicitly so bundlers and tests see them. */
export const migrations: Migrations = {
  '0001_create_users_and_sessions': m0001,
  '0002_add_auth_attempts_and_outbox': m0002,
  '0003_drop_outbox': m0003,
  '0004_replace_auth_attempts_with_rate_limit_hits': m0004,
  '0005_create_audit_log': m0005,
  '0006_index_admin_users': m0006,
  '0007_create_login_lockouts': m0007,
  '0008_add_account_email_confirmations_and_session_activity': m0008,
  '0009_add_account_privacy': m0009,
  '0010_add_erasure_usernames': m0010,
};
