import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStandaloneDatabase, STANDALONE_DATABASE } from './database';

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('standalone database', () => {
  it('keeps the embedded database in DATA_DIR/postgres across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'standalone-data-'));
    dataDirs.push(dataDir);

    const first = await openStandaloneDatabase({ databaseUrl: undefined, dataDir, port: 0 });
    expect(first.embedded).toBe(true);
    expect(first.url).toContain(`/${STANDALONE_DATABASE}`);
    await query(first.url, "create table kept (note text); insert into kept values ('still here')");
    await first.stop();

    const second = await openStandaloneDatabase({ databaseUrl: undefined, dataDir, port: 0 });
    try {
      expect(await query<{ note: string }>(second.url, 'select note from kept')).toEqual([
        { note: 'still here' },
      ]);
    } finally {
      await second.stop();
    }
  });

  it('refuses to start a second server on the same data, with a clear message', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'standalone-data-'));
    dataDirs.push(dataDir);
    const running = await openStandaloneDatabase({ databaseUrl: undefined, dataDir, port: 0 });
    try {
      await expect(openStandaloneDatabase({ databaseUrl: undefined, dataDir, port: 0 })).rejects.toThrow(
        /already running/,
      );
    } finally {
      await running.stop();
    }
  });

  it('uses DATABASE_URL as given, starting nothing', async () => {
    const given = 'postgres://someone@db.example:5432/site';
    const database = await openStandaloneDatabase({ databaseUrl: given, dataDir: '/nonexistent', port: 0 });
    expect(database).toMatchObject({ url: given, embedded: false });
  });
});
