import { createServer, type Server } from 'node:net';
import type { AuditLogPage } from '@jesus-walks/contracts/audit';
import { recordAudit } from '@jesus-walks/service-kit/audit';
import {
  identityHeaders,
  startTestService,
  type TestService,
  testAdmin,
  testUser,
} from '@jesus-walks/test-kit/test-service';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityDatabase } from '../../db/database';
import type { Env } from '../../env';
import { service } from '../../service';
import { PEER_TIMEOUT_MS } from './audit-log.sources';

/**
 * GET /api/admin/audit-log on identity alone: its own record, filters and cursor, and peers that
 * cannot answer (not configured, nothing listening, or never answering) listed as unavailable.
 * Gathering from the real peers is tested where every service is at hand:
 * apps/standalone/src/audit-log.integration-test.ts.
 */
let identity: TestService<Env, IdentityDatabase>;
/** A peer that accepts connections and never answers. */
let silentPeer: Server;
let silentPeerUrl: string;

beforeAll(async () => {
  silentPeer = createServer(() => {});
  await new Promise<void>((resolve) => silentPeer.listen(0, '127.0.0.1', resolve));
  const address = silentPeer.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  silentPeerUrl = `http://127.0.0.1:${address.port}`;
  identity = await startTestService(service, {
    // Port 9 (discard): nothing listens, the connection is refused at once.
    CATALOG_AND_ORDERS_URL: 'http://127.0.0.1:9',
    PAYMENTS_URL: silentPeerUrl,
    // CONTENT_AND_EVENTS_URL unset: not configured.
  });
  // Five entries, a minute apart, the newest last.
  for (let n = 1; n <= 5; n++) {
    await recordAudit(identity.db, {
      actor: { id: testAdmin.id, username: testAdmin.username },
      action: n % 2 === 0 ? 'user.updated' : 'user.created',
      target: { type: 'user', id: n, label: `walker-${n}` },
      summary: n % 2 === 0 ? `Edited user walker-${n}: email` : `Added user walker-${n}`,
      changes: n % 2 === 0 ? { email: { from: `old${n}@example.com`, to: `new${n}@example.com` } } : null,
    });
    await sql`update audit_log set occurred_at = ${`2030-01-01T10:0${n}:00.000Z`} where target_id = ${String(n)}`.execute(
      identity.db,
    );
  }
});
afterAll(async () => {
  await identity?.close();
  silentPeer?.close();
});

async function get(query: string, caller = testAdmin) {
  const url = `/api/admin/audit-log${query}`;
  return identity.app.inject({ url, headers: await identityHeaders(caller, 'GET', url) });
}

async function page(query: string): Promise<AuditLogPage> {
  const response = await get(query);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/admin/audit-log (identity alone)', () => {
  it('answers 401 anonymous and 403 for a member', async () => {
    expect((await identity.app.inject({ url: '/api/admin/audit-log' })).statusCode).toBe(401);
    const member = await get('', testUser);
    expect(member.statusCode).toBe(403);
  });

  it(
    'lists its own entries newest first and every peer it could not reach, within the time limit',
    async () => {
      const started = Date.now();
      const all = await page('');
      expect(Date.now() - started).toBeLessThan(PEER_TIMEOUT_MS + 1_500);
      expect(all.entries.map((entry) => entry.target.label)).toEqual([
        'walker-5',
        'walker-4',
        'walker-3',
        'walker-2',
        'walker-1',
      ]);
      expect(all.entries[1]).toMatchObject({
        id: expect.stringMatching(/^identity:\d+$/),
        service: 'identity',
        occurredAt: '2030-01-01T10:04:00.000Z',
        actor: { id: testAdmin.id, username: testAdmin.username },
        action: 'user.updated',
        target: { type: 'user', id: '4', label: 'walker-4' },
        summary: 'Edited user walker-4: email',
        changes: { email: { from: 'old4@example.com', to: 'new4@example.com' } },
      });
      expect(all.nextCursor).toBeNull();
      expect([...all.unavailable].sort()).toEqual([
        'ai-assistant',
        'catalog-and-orders',
        'content-and-events',
        'payments',
      ]);
    },
    PEER_TIMEOUT_MS + 10_000,
  );

  it('asks only the service the query names', async () => {
    const own = await page('?service=identity');
    expect(own.entries).toHaveLength(5);
    expect(own.unavailable).toEqual([]);
    const peer = await page('?service=content-and-events');
    expect(peer).toEqual({ entries: [], nextCursor: null, unavailable: ['content-and-events'] });
  });

  it('filters by action, words, target and time', async () => {
    const labels = (p: AuditLogPage) => p.entries.map((entry) => entry.target.label);
    expect(labels(await page('?service=identity&action=user.created'))).toEqual([
      'walker-5',
      'walker-3',
      'walker-1',
    ]);
    expect(labels(await page('?service=identity&action=user.'))).toHaveLength(5);
    expect(labels(await page('?service=identity&q=EDITED'))).toEqual(['walker-4', 'walker-2']);
    expect(labels(await page('?service=identity&targetType=user&targetId=3'))).toEqual(['walker-3']);
    expect(labels(await page('?service=identity&targetType=order'))).toEqual([]);
    expect(
      labels(await page('?service=identity&from=2030-01-01T10:02:00.000Z&to=2030-01-01T10:04:00.000Z')),
    ).toEqual(['walker-3', 'walker-2']);
  });

  it('pages by cursor without skipping or repeating', async () => {
    const first = await page('?service=identity&limit=2');
    expect(first.entries.map((entry) => entry.target.label)).toEqual(['walker-5', 'walker-4']);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`?service=identity&limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((entry) => entry.target.label)).toEqual(['walker-3', 'walker-2']);
    const third = await page(`?service=identity&limit=2&cursor=${second.nextCursor}`);
    expect(third.entries.map((entry) => entry.target.label)).toEqual(['walker-1']);
    expect(third.nextCursor).toBeNull();
  });

  it('refuses a cursor that is not one of ours, and malformed filters, with 400', async () => {
    const bad = await get('?service=identity&cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Invalid cursor' });
    expect((await get('?service=billing')).statusCode).toBe(400);
    expect((await get('?limit=101')).statusCode).toBe(400);
    expect((await get('?from=yesterday')).statusCode).toBe(400);
  });
});
