import type { AuditEntry } from '@jesus-walks/contracts/audit';
import { AuditLogQuerySchema } from '@jesus-walks/contracts/audit';
import { createTestDatabase, type TestDatabase } from '@jesus-walks/test-kit/test-database';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAuditCursor, diffChanges, listAuditEntries, mergeAuditPages, recordAudit } from './audit';
import { DomainError } from './errors';
import { createAuditLogTableV1 } from './kit-tables';

const migrations = { '0001_audit_log': { up: createAuditLogTableV1 } };
const admin = { id: 7, username: 'admin' };

// biome-ignore lint/suspicious/noExplicitAny: the table is reached only through the kit
let first: TestDatabase<any>;
// biome-ignore lint/suspicious/noExplicitAny: idem
let second: TestDatabase<any>;

beforeAll(async () => {
  first = await createTestDatabase({ schema: 'kit_audit_one', migrations });
  second = await createTestDatabase({ schema: 'kit_audit_two', migrations });
});

afterAll(async () => {
  await first.destroy();
  await second.destroy();
});

const query = (input: Record<string, unknown> = {}) => AuditLogQuerySchema.parse(input);

// biome-ignore lint/suspicious/noExplicitAny: schema-agnostic
async function recordAt(db: Kysely<any>, at: string, summary: string, targetId = '1') {
  await recordAudit(db, {
    actor: admin,
    action: 'order.status_changed',
    target: { type: 'order', id: targetId, label: `Order #${targetId}` },
    summary,
  });
  await sql`update audit_log set occurred_at = ${at} where summary = ${summary}`.execute(db);
}

describe('activity record (service-kit)', () => {
  it('writes in the caller’s transaction: a rolled-back mutation leaves no record', async () => {
    await first.db
      .transaction()
      .execute(async (trx) => {
        await recordAudit(trx, {
          actor: admin,
          action: 'user.created',
          target: { type: 'user', id: 99, label: 'ghost' },
          summary: 'Added user ghost',
        });
        throw new Error('the mutation failed');
      })
      .catch(() => {});
    const page = await listAuditEntries(first.db, 'identity', query({ q: 'ghost' }));
    expect(page.entries).toEqual([]);
  });

  it('keeps who, what, when, the target and what changed, and never a secret’s value', async () => {
    const changes = diffChanges(
      { username: 'ann', email: 'a@x.org', isAdmin: false, password: 'old' },
      { username: 'ann', email: 'ann@x.org', isAdmin: true, password: 'new' },
      ['username', 'email', 'isAdmin', 'password'],
    );
    expect(changes).toEqual({
      email: { from: 'a@x.org', to: 'ann@x.org' },
      isAdmin: { from: false, to: true },
      password: { from: 'unchanged', to: 'changed' },
    });
    await recordAudit(first.db, {
      actor: admin,
      action: 'user.updated',
      target: { type: 'user', id: 12, label: 'ann' },
      summary: 'Edited user ann',
      changes,
    });
    const [entry] = (
      await listAuditEntries(first.db, 'identity', query({ targetType: 'user', targetId: '12' }))
    ).entries;
    expect(entry).toMatchObject({
      service: 'identity',
      actor: admin,
      action: 'user.updated',
      target: { type: 'user', id: '12', label: 'ann' },
      summary: 'Edited user ann',
      changes,
    });
    expect(entry?.id).toMatch(/^identity:\d+$/);
    expect(Date.now() - Date.parse(entry?.occurredAt ?? '')).toBeLessThan(60_000);
    expect(JSON.stringify(entry)).not.toContain('new');
  });

  it('filters by action prefix, actor, words and time', async () => {
    await recordAt(second.db, '2026-01-01T10:00:00.000Z', 'Changed order #1 from pending to shipped', '1');
    await recordAt(second.db, '2026-01-02T10:00:00.000Z', 'Deleted order #2', '2');
    const page = (input: Record<string, unknown>) =>
      listAuditEntries(second.db, 'catalog-and-orders', query(input)).then((p) =>
        p.entries.map((e) => e.summary),
      );
    expect(await page({ action: 'order.' })).toHaveLength(2);
    expect(await page({ action: 'order.status_changed', q: 'SHIPPED' })).toEqual([
      'Changed order #1 from pending to shipped',
    ]);
    expect(await page({ actorId: 8 })).toEqual([]);
    expect(await page({ from: '2026-01-02T00:00:00Z' })).toEqual(['Deleted order #2']);
    expect(await page({ to: '2026-01-02T00:00:00Z' })).toEqual(['Changed order #1 from pending to shipped']);
    expect(await page({ q: '100%' })).toEqual([]);
    expect(await page({ service: 'identity' })).toEqual([]);
  });

  it('merges two services page by page without skipping or repeating entries at the same millisecond', async () => {
    const at = '2026-03-01T12:00:00.000Z';
    for (let i = 0; i < 5; i += 1) {
      await recordAt(first.db, i < 3 ? at : `2026-03-01T11:0${i}:00.000Z`, `tie one ${i}`, `t${i}`);
      await recordAt(second.db, i < 3 ? at : `2026-03-01T11:0${i}:30.000Z`, `tie two ${i}`, `t${i}`);
    }
    const seen: AuditEntry[] = [];
    let cursor: string | undefined;
    for (let round = 0; round < 10; round += 1) {
      const input = query({ q: 'tie', limit: 3, ...(cursor ? { cursor } : {}) });
      const page = mergeAuditPages(
        [
          await listAuditEntries(first.db, 'identity', input),
          await listAuditEntries(second.db, 'catalog-and-orders', input),
        ],
        input.limit,
      );
      seen.push(...page.entries);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen.map((e) => e.id)).toHaveLength(10);
    expect(new Set(seen.map((e) => e.id)).size).toBe(10);
    const times = seen.map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    // At the shared millisecond, identity sorts before catalog-and-orders (service names descending).
    expect(seen.slice(0, 6).map((e) => e.service)).toEqual([
      'identity',
      'identity',
      'identity',
      'catalog-and-orders',
      'catalog-and-orders',
      'catalog-and-orders',
    ]);
  });

  it('refuses a cursor it did not make', async () => {
    await expect(
      listAuditEntries(first.db, 'identity', query({ cursor: 'not-a-cursor' })),
    ).rejects.toBeInstanceOf(DomainError);
    expect(decodeAuditCursor(Buffer.from('{"at":"x"}').toString('base64url'))).toBeNull();
  });
});
