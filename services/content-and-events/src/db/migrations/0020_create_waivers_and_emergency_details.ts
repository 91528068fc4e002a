import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
// Waivers and emergency contacts (issue 24, decision 038). The group's waiver is published in
// numbered versions that are never changed afterwards: a signature names its version, whose text is
// what the walker accepted. A walk chooses whether registering requires the waiver, and whether it
// asks for an emergency contact; those details sit in a table of their own, beside the
// registration, so that no public read can reach them and erasing an account deletes one row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('waiver_required', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('ask_emergency_contact', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('waiver_versions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('version', 'integer', (col) => col.notNull().unique().check(sql`version > 0`))
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The admin who published it (identity's user id and username then); null: the demo seed.
    .addColumn('created_by_id', 'integer')
    .addColumn('created_by_username', 'text')
    .execute();
  // A version's text is what its signers accepted: Postgres itself refuses to change or delete one.
  await sql`
    create function waiver_versions_are_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'a published waiver version is never changed or deleted';
    end $$`.execute(db);
  await sql`
    create trigger waiver_versions_immutable before update or delete on waiver_versions
      for each row execute function waiver_versions_are_immutable()`.execute(db);

  // Every acceptance (a registration taken up again, or a checkout started again, signs again).
  await db.schema
    .createTable('waiver_signatures')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('registration_id', 'integer', (col) =>
      col.notNull().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('waiver_version_id', 'integer', (col) => col.notNull().references('waiver_versions.id'))
    // The full name typed; the client's address and browser. Null once the account is erased (the
    // fact of the signature and its version stay).
    .addColumn('signed_name', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('signed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('erased_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('waiver_signatures_registration_idx')
    .on('waiver_signatures')
    .columns(['registration_id', 'signed_at'])
    .execute();
  await db.schema
    .createIndex('waiver_signatures_version_idx')
    .on('waiver_signatures')
    .column('waiver_version_id')
    .execute();

  await db.schema
    .createTable('registration_emergency_details')
    .addColumn('registration_id', 'integer', (col) =>
      col.primaryKey().references('registrations.id').onDelete('cascade'),
    )
    .addColumn('contact_name', 'text', (col) => col.notNull())
    .addColumn('contact_phone', 'text', (col) => col.notNull())
    .addColumn('leader_note', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_emergency_details').execute();
  await db.schema.dropTable('waiver_signatures').execute();
  await db.schema.dropTable('waiver_versions').execute();
  await sql`drop function waiver_versions_are_immutable()`.execute(db);
  await db.schema
    .alterTable('events')
    .dropColumn('ask_emergency_contact')
    .dropColumn('waiver_required')
    .execute();
}
