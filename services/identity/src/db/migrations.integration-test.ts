import { testFrozenMigrations } from '@jesus-walks/test-kit/schema-description';
import { service } from '../service';

// Deployed databases have run these: what they build must never change (issue 21 moved the DDL of
// the kit's tables into service-kit's kit-tables helpers, which these migrations call). Held
// through the newest migration (issue 23 added 0008): its snapshot holds 0001-0007's schema too.
testFrozenMigrations(service, '0008_add_account_email_confirmations_and_session_activity');
