import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
//
// pgvector where this Postgres has it: the assistant then ranks embeddings by cosine distance in
// the database (`<=>`) instead of in the service (decision 027). It is optional: the embedded
// Postgres of a fresh machine and many servers do not ship it, and it is not a trusted extension,
// so only a superuser may create it. Where it is missing or may not be created, nothing changes
// and the service ranks as before. It goes in this service's schema (the first on its
// search_path); an administrator may create it in another schema instead: the search finds it.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A failure inside the block rolls back to it alone: the migration's transaction goes on.
  await sql`do $$
    begin
      if exists (select 1 from pg_available_extensions where name = 'vector') then
        create extension if not exists vector;
      end if;
    exception when others then
      raise notice 'pgvector not enabled: %', sqlerrm;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only one in this schema (this migration's), never an administrator's elsewhere.
  await sql`do $$
    begin
      if exists (select 1 from pg_extension e join pg_namespace n on n.oid = e.extnamespace
          where e.extname = 'vector' and n.nspname = current_schema()) then
        drop extension vector;
      end if;
    end $$`.execute(db);
}
