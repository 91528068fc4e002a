import { testFrozenMigrations } from '@jesus-walks/test-kit/schema-description';
import { service } from '../service';

// Deployed databases have run these: what they build must never change (issue 21 moved the DDL of
// the kit's tables into service-kit's kit-tables helpers, which these migrations call). Held
// through the newest migration (issue 23 added 0008 and 0009): its snapshot holds 0001-0008's schema too.
testFrozenMigrations(service, '0009_add_account_privacy');
