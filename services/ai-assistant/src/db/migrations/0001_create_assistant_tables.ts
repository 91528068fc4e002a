import { type Kysely, sql } from 'kysely';

// Frozen: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_configs')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model_id', 'text', (col) => col.notNull())
    .addColumn('temperature', sql`numeric(3, 2)`, (col) =>
      col.notNull().defaultTo(0.7).check(sql`temperature >= 0 and temperature <= 2`),
    )
    .addColumn('max_tokens', 'integer', (col) => col.notNull().defaultTo(1000).check(sql`max_tokens > 0`))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // The identity user; no foreign key, users live in the identity schema.
    .addColumn('user_id', 'integer')
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('model_config_id', 'integer', (col) => col.references('model_configs.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('conversations_user_id_idx').on('conversations').column('user_id').execute();
  await db.schema
    .createIndex('conversations_model_config_id_idx')
    .on('conversations')
    .column('model_config_id')
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('system', 'user', 'assistant')`))
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('tokens', 'integer', (col) => col.check(sql`tokens >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('messages_conversation_id_created_at_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('knowledge_base')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('tags', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('knowledge_embeddings')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('knowledge_id', 'integer', (col) =>
      col.notNull().references('knowledge_base.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('embedding', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('knowledge_embeddings_knowledge_id_idx')
    .on('knowledge_embeddings')
    .column('knowledge_id')
    .execute();

  await db.schema
    .createTable('product_embeddings')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // A catalog-and-orders product; no foreign key, products live in another service's schema.
    .addColumn('product_id', 'integer', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('embedding', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('product_embeddings_product_id_idx')
    .on('product_embeddings')
    .column('product_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_embeddings').execute();
  await db.schema.dropTable('knowledge_embeddings').execute();
  await db.schema.dropTable('knowledge_base').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('conversations').execute();
  await db.schema.dropTable('model_configs').execute();
}
