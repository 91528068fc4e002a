import { describeMigratedSchema } from '@jesus-walks/test-kit/schema-description';
import { describe, expect, it } from 'vitest';
import {
  createAuditLogTableV1,
  createIdempotencyKeysTableV1,
  createRateLimitHitsTableV1,
  dropAuditLogTable,
  dropIdempotencyKeysTable,
  dropRateLimitHitsTable,
} from './kit-tables';

// What each helper builds is held to the services' schema snapshots (their
// migrations.integration-test.ts), taken from the DDL their migrations wrote out before.
describe("the kit's tables (kit-tables)", () => {
  it('are created by the V1 helpers, each with its indexes, and dropped by their down', async () => {
    const { migrated, undone } = await describeMigratedSchema('kit_tables', {
      '0001_rate_limit_hits': { up: createRateLimitHitsTableV1, down: dropRateLimitHitsTable },
      '0002_idempotency_keys': { up: createIdempotencyKeysTableV1, down: dropIdempotencyKeysTable },
      '0003_audit_log': { up: createAuditLogTableV1, down: dropAuditLogTable },
    });
    const names = (kind: string) =>
      migrated
        .split('\n')
        .filter((line) => line.startsWith(kind))
        .map((line) => line.split(' ')[1]);
    expect(names('table')).toEqual(['audit_log', 'idempotency_keys', 'rate_limit_hits']);
    expect(migrated).toContain(
      'CREATE INDEX rate_limit_hits_bucket_key_idx ON kit_tables.rate_limit_hits USING btree (bucket, key, created_at)',
    );
    expect(migrated).toContain('column key {"type":"text","collation":"C","notNull":true');
    expect(migrated).toContain('constraint idempotency_keys_scope_key_key UNIQUE (scope, key)');
    expect(migrated).toContain(
      'CREATE INDEX audit_log_occurred_at_idx ON kit_tables.audit_log USING btree (occurred_at DESC, id DESC)',
    );
    // Down undoes up: nothing is left, not even an identity's sequence.
    expect(undone).toBe('');
  });
});
