import { createRateLimitHitsTableV1, dropRateLimitHitsTable } from '@jesus-walks/service-kit/kit-tables';
import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code (the kit's table helpers are frozen too).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Conversations are continued by id from the browser: the id must be unguessable (a random
  // uuid), never a counter another visitor could step through. Rows (if any) keep their messages.
  await sql`alter table conversations add column uid uuid not null default gen_random_uuid()`.execute(db);
  await sql`alter table messages add column conversation_uid uuid`.execute(db);
  await sql`update messages set conversation_uid = conversations.uid
    from conversations where conversations.id = messages.conversation_id`.execute(db);
  // Drops the foreign key and the (conversation_id, created_at) index with the column.
  await sql`alter table messages drop column conversation_id`.execute(db);
  await sql`alter table conversations drop column id`.execute(db);
  await sql`alter table conversations rename column uid to id`.execute(db);
  await sql`alter table conversations add primary key (id)`.execute(db);
  await sql`alter table messages rename column conversation_uid to conversation_id`.execute(db);
  await sql`alter table messages alter column conversation_id set not null`.execute(db);
  await sql`alter table messages add constraint messages_conversation_id_fkey
    foreign key (conversation_id) references conversations (id) on delete cascade`.execute(db);
  await sql`create index messages_conversation_id_created_at_idx on messages (conversation_id, created_at)`.execute(
    db,
  );

  // The context a conversation started in (wine, customerService, general).
  await sql`alter table conversations add column context text not null default 'general'
    check (context in ('wine', 'customerService', 'general'))`.execute(db);

  // Which model answered, through which provider, at what cost: tokens stays the total.
  await sql`alter table messages add column context text
    check (context in ('wine', 'customerService', 'general'))`.execute(db);
  await sql`alter table messages add column model text`.execute(db);
  await sql`alter table messages add column provider text`.execute(db);
  await sql`alter table messages add column prompt_tokens integer check (prompt_tokens >= 0)`.execute(db);
  await sql`alter table messages add column completion_tokens integer check (completion_tokens >= 0)`.execute(
    db,
  );

  // Knowledge base: a stable key the seed upserts by, and full-text search over title, tags and
  // content (title weighs most). array_to_string is only stable, so an immutable wrapper builds
  // the document for the generated column.
  await sql`alter table knowledge_base add column seed_key text unique`.execute(db);
  await sql`create function knowledge_document(title text, tags text[], content text) returns tsvector
    language sql immutable parallel safe
    as $$ select setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'C') $$`.execute(db);
  await sql`alter table knowledge_base add column search_vector tsvector
    generated always as (knowledge_document(title, tags, content)) stored`.execute(db);
  await sql`create index knowledge_base_search_idx on knowledge_base using gin (search_vector)`.execute(db);

  // The kit's rate_limit_hits (service-kit rate-limits): questions per address, member, conversation.
  await createRateLimitHitsTableV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRateLimitHitsTable(db);
  await sql`drop index knowledge_base_search_idx`.execute(db);
  await sql`alter table knowledge_base drop column search_vector`.execute(db);
  await sql`drop function knowledge_document(text, text[], text)`.execute(db);
  await sql`alter table knowledge_base drop column seed_key`.execute(db);
  await sql`alter table messages drop column completion_tokens, drop column prompt_tokens,
    drop column provider, drop column model, drop column context`.execute(db);
  await sql`alter table conversations drop column context`.execute(db);
  // Back to identity ids (new ones; messages follow their conversation).
  await sql`alter table conversations add column old_id integer generated always as identity`.execute(db);
  await sql`alter table messages add column old_conversation_id integer`.execute(db);
  await sql`update messages set old_conversation_id = conversations.old_id
    from conversations where conversations.id = messages.conversation_id`.execute(db);
  await sql`alter table messages drop column conversation_id`.execute(db);
  await sql`alter table conversations drop column id`.execute(db);
  await sql`alter table conversations rename column old_id to id`.execute(db);
  await sql`alter table conversations add primary key (id)`.execute(db);
  await sql`alter table messages rename column old_conversation_id to conversation_id`.execute(db);
  await sql`alter table messages alter column conversation_id set not null`.execute(db);
  await sql`alter table messages add constraint messages_conversation_id_fkey
    foreign key (conversation_id) references conversations (id) on delete cascade`.execute(db);
  await sql`create index messages_conversation_id_created_at_idx on messages (conversation_id, created_at)`.execute(
    db,
  );
}
