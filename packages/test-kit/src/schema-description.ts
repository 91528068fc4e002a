import { createDatabase, type Migrations, migrateToLatest } from '@jesus-walks/service-kit/database';
import { type Kysely, sql } from 'kysely';
import { Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { createEmptyTestDatabase } from './test-database';

// biome-ignore lint/suspicious/noExplicitAny: any service's database
type AnyKysely = Kysely<any>;

/** Kysely's own bookkeeping, in the migrated schema too: not what the migrations built. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * What a schema is made of, as text with one line per thing, in a fixed order: its tables (each
 * column's type, collation, nullability, default, identity and generation; constraints; indexes;
 * triggers), views, sequences, functions and enums. Two schemas built alike describe alike, so a
 * test can hold a schema to a snapshot: the one its frozen migrations have always built.
 *
 * Written from the catalogs in a form every Postgres the tests run on (15 to 18) prints the same:
 * NOT NULL shows on the column (Postgres 18 also lists it as a constraint, left out here), and a
 * function by its signature, settings and body, not its pretty-printed definition.
 */
export async function describeSchema(db: AnyKysely, schema: string): Promise<string> {
  const lines: string[] = [];
  const relations = await sql<{ name: string; kind: string; definition: string | null }>`
    select c.relname as name, c.relkind as kind,
        case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end as definition
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'f')
        and c.relname <> all (${MIGRATOR_TABLES})
      order by c.relname`.execute(db);
  const columns = await sql<{
    table: string;
    name: string;
    type: string;
    collation: string | null;
    notNull: boolean;
    default: string | null;
    identity: string;
    generated: string;
  }>`
    select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
        coll.collname as collation, a.attnotnull as not_null,
        pg_get_expr(d.adbin, d.adrelid) as default, a.attidentity as identity,
        a.attgenerated as generated
      from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        left join pg_collation coll on coll.oid = a.attcollation
      where n.nspname = ${schema} and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(db);
  const constraints = await sql<{ table: string; name: string; definition: string }>`
    select c.relname as table, con.conname as name, pg_get_constraintdef(con.oid) as definition
      from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and con.contype <> 'n'
      order by c.relname, con.conname`.execute(db);
  const indexes = await sql<{ table: string; name: string; definition: string }>`
    select tablename as table, indexname as name, indexdef as definition from pg_indexes
      where schemaname = ${schema} order by tablename, indexname`.execute(db);
  const triggers = await sql<{ table: string; name: string; definition: string }>`
    select c.relname as table, t.tgname as name, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and not t.tgisinternal
      order by c.relname, t.tgname`.execute(db);
  const sequences = await sql<{
    name: string;
    type: string;
    start: string;
    increment: string;
    min: string;
    max: string;
    cache: string;
    cycle: boolean;
  }>`
    select c.relname as name, format_type(s.seqtypid, null) as type, s.seqstart::text as start,
        s.seqincrement::text as increment, s.seqmin::text as min, s.seqmax::text as max,
        s.seqcache::text as cache, s.seqcycle as cycle
      from pg_sequence s
        join pg_class c on c.oid = s.seqrelid
        join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema}
      order by c.relname`.execute(db);
  const functions = await sql<{
    name: string;
    arguments: string;
    returns: string;
    language: string;
    volatility: string;
    parallel: string;
    strict: boolean;
    security: boolean;
    body: string;
  }>`
    select p.proname as name, pg_get_function_identity_arguments(p.oid) as arguments,
        pg_get_function_result(p.oid) as returns, l.lanname as language,
        p.provolatile as volatility, p.proparallel as parallel, p.proisstrict as strict,
        p.prosecdef as security, p.prosrc as body
      from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        join pg_language l on l.oid = p.prolang
      where n.nspname = ${schema}
      order by p.proname, pg_get_function_identity_arguments(p.oid)`.execute(db);
  const enums = await sql<{ name: string; labels: string[] }>`
    select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
      from pg_type t
        join pg_namespace n on n.oid = t.typnamespace
        join pg_enum e on e.enumtypid = t.oid
      where n.nspname = ${schema}
      group by t.typname
      order by t.typname`.execute(db);

  const of = <T extends { table: string }>(rows: T[], table: string) =>
    rows.filter((row) => row.table === table);
  for (const relation of relations.rows) {
    lines.push(`${relationKinds[relation.kind] ?? relation.kind} ${relation.name}`);
    if (relation.definition !== null) lines.push(`  as ${oneLine(relation.definition)}`);
    for (const { table: _, name, ...column } of of(columns.rows, relation.name)) {
      lines.push(`  column ${name} ${JSON.stringify(column)}`);
    }
    for (const row of of(constraints.rows, relation.name)) {
      lines.push(`  constraint ${row.name} ${row.definition}`);
    }
    for (const row of of(indexes.rows, relation.name)) lines.push(`  index ${row.definition}`);
    for (const row of of(triggers.rows, relation.name)) lines.push(`  trigger ${row.definition}`);
  }
  for (const { name, ...sequence } of sequences.rows) {
    lines.push(`sequence ${name} ${JSON.stringify(sequence)}`);
  }
  for (const { name, arguments: args, body, ...settings } of functions.rows) {
    lines.push(`function ${name}(${args}) ${JSON.stringify(settings)}`);
    lines.push(`  body ${JSON.stringify(body)}`);
  }
  for (const { name, labels } of enums.rows) lines.push(`enum ${name} ${JSON.stringify(labels)}`);
  return lines.map((line) => `${line}\n`).join('');
}

const relationKinds: Record<string, string> = {
  r: 'table',
  p: 'partitioned table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Builds `schema` with these migrations in a new, empty database of its own, and answers what it
 * holds (describeSchema). With `undoAfterwards`, then runs every migration's down, last first,
 * and answers what is left (nothing but Kysely's own tables, when every down undoes its up).
 */
export async function describeMigratedSchema(
  schema: string,
  migrations: Migrations,
): Promise<{ migrated: string; undone: string }> {
  const database = await createEmptyTestDatabase('schema');
  const db = createDatabase<unknown>({ connectionString: database.url, schema, poolMax: 1 });
  try {
    await migrateToLatest(db, schema, migrations);
    const migrated = await describeSchema(db, schema);
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: schema,
    }).migrateTo(NO_MIGRATIONS);
    if (error) throw error;
    return { migrated, undone: await describeSchema(db, schema) };
  } finally {
    await db.destroy();
    await database.destroy();
  }
}

/** The migrations up to and including `last`: those frozen when a snapshot of their schema was taken. */
export function migrationsThrough(migrations: Migrations, last: string): Migrations {
  if (!(last in migrations)) throw new Error(`no migration ${last}`);
  return Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
}

/**
 * Declares the test that holds a service's frozen migrations to their snapshot
 * (`__snapshots__/schema-through-<last>.txt` beside the calling test file): deployed databases
 * have run them already, so what they build must never change, and their downs undo it. Never
 * update a snapshot: a difference means a migration, or a kit helper it calls (kit-tables), now
 * builds another schema than deployed databases have. Later migrations are left out (the tests of
 * what they do check them), so adding one never touches the snapshot.
 */
export function testFrozenMigrations(
  service: { schema: string; migrations: Migrations },
  last: string,
): void {
  describe(`the migrations through ${last}`, () => {
    it('build the schema they always have, and their downs undo it', async () => {
      const { migrated, undone } = await describeMigratedSchema(
        service.schema,
        migrationsThrough(service.migrations, last),
      );
      await expect(migrated).toMatchFileSnapshot(`./__snapshots__/schema-through-${last}.txt`);
      expect(undone).toBe('');
    });
  });
}
