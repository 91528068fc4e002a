import type { Migrations } from '@jesus-walks/service-kit/database';
import * as m0001 from './0001_create_assistant_tables';
import * as m0002 from './0002_uuid_conversations_message_usage_search_and_limits';
import * as m0003 from './0003_create_audit_log';
import * as m0004 from './0004_enable_pgvector_where_available';
import * as m0005 from './0005_create_take_rate_limit_function';

/** Every migration of the ai_assistant schema, in order. Listed explicitly so bundlers and tests see them. */
export const migrations: Migrations = {
  '0001_create_assistant_tables': m0001,
  '0002_uuid_conversations_message_usage_search_and_limits': m0002,
  '0003_create_audit_log': m0003,
  '0004_enable_pgvector_where_available': m0004,
  '0005_create_take_rate_limit_function': m0005,
};
