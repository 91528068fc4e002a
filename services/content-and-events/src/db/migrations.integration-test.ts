import { testFrozenMigrations } from '@jesus-walks/test-kit/schema-description';
import { service } from '../service';

// Deployed databases have run these: what they build must never change (issue 21 moved the DDL of
// the kit's tables into service-kit's kit-tables helpers, which these migrations call).
testFrozenMigrations(service, '0015_add_event_quote_holders');
