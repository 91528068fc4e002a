import {
  describeMigratedSchema,
  migrationsThrough,
} from '@jesus-walks/service-kit/testing/schema-description';
import { describe, expect, it } from 'vitest';
import { service } from '../service';

/**
 * Deployed databases have run these migrations already: what they build must never change (issue
 * 21 moved the DDL of the kit's tables into service-kit's kit-tables helpers, which the
 * migrations now call). The snapshot was taken from the migrations as they were before; never
 * update it: a difference means a migration or a kit helper now builds another schema than the
 * one deployed databases have. A later migration is checked by the tests of what it does.
 */
const LAST = '0003_create_audit_log';

describe('the migrations through 0003_create_audit_log', () => {
  it('build the schema they always have', async () => {
    const { migrated } = await describeMigratedSchema(
      service.schema,
      migrationsThrough(service.migrations, LAST),
    );
    await expect(migrated).toMatchFileSnapshot(`./__snapshots__/schema-through-${LAST}.txt`);
  });
});
