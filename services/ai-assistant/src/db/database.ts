import type { AssistantContext } from '@jesus-walks/contracts/assistant';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** timestamptz with a now() default: a Date when read, optional when inserted. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric comes back from pg as a string (never a float); numbers are accepted on the way in. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

/**
 * An embedding vector in jsonb. It goes in as JSON text: pg would serialise a JS array as a
 * Postgres array literal, which jsonb refuses, so inserts and updates take JSON.stringify(vector).
 * That JSON text ('[0.1,0.2]') is also pgvector's input: where pgvector is installed, the search
 * casts the column to `vector` as it is (embeddings.repository.ts, decision 027).
 */
type Embedding = JSONColumnType<number[], string, string>;

export type MessageRole = 'system' | 'user' | 'assistant';

export interface ModelConfigsTable {
  id: Generated<number>;
  /** Unique: the seed upserts by name. */
  name: string;
  /** 'local' (the built-in assistant) or 'openai' (any OpenAI-compatible endpoint). */
  provider: string;
  modelId: string;
  /** numeric(3,2), 0 to 2; defaults to 0.7. */
  temperature: Numeric;
  /** Defaults to 1000. */
  maxTokens: Generated<number>;
  active: Generated<boolean>;
  createdAt: Timestamp;
}

export interface ConversationsTable {
  /** A random uuid (migration 0002): the browser continues a conversation by it, so it is unguessable. */
  id: Generated<string>;
  /** The identity user id; null for anonymous chats. No foreign key: users live in identity. */
  userId: number | null;
  title: string;
  /** Null once the model config it used is deleted. */
  modelConfigId: number | null;
  /** The context it started in. */
  context: ColumnType<AssistantContext, AssistantContext | undefined, AssistantContext>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  conversationId: string;
  role: MessageRole;
  content: string;
  /** Total tokens (prompt + completion) of an answer; the question's own on a user message. */
  tokens: number | null;
  context: ColumnType<AssistantContext | null, AssistantContext | null | undefined, AssistantContext | null>;
  /** On answers: the model and provider that produced it (the page's model badge). */
  model: ColumnType<string | null, string | null | undefined, string | null>;
  provider: ColumnType<string | null, string | null | undefined, string | null>;
  promptTokens: ColumnType<number | null, number | null | undefined, number | null>;
  completionTokens: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: Timestamp;
}

export interface KnowledgeBaseTable {
  id: Generated<number>;
  title: string;
  content: string;
  category: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  isActive: Generated<boolean>;
  /** The seed's stable key (null for entries an admin adds). */
  seedKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** Generated from title, tags and content (migration 0002): never written. */
  searchVector: ColumnType<string, never, never>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface KnowledgeEmbeddingsTable {
  id: Generated<number>;
  knowledgeId: number;
  content: string;
  embedding: Embedding;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ProductEmbeddingsTable {
  id: Generated<number>;
  /** A catalog-and-orders product id. No foreign key: products live in another service's schema. */
  productId: number;
  content: string;
  embedding: Embedding;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** The kit's per-client counters (service-kit rate-limits), reached with raw SQL. */
export interface RateLimitHitsTable {
  id: Generated<string>;
  bucket: string;
  key: string;
  createdAt: Timestamp;
}

/** Kysely table types of the ai_assistant schema. */
export interface AiAssistantDatabase {
  modelConfigs: ModelConfigsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  knowledgeBase: KnowledgeBaseTable;
  knowledgeEmbeddings: KnowledgeEmbeddingsTable;
  productEmbeddings: ProductEmbeddingsTable;
  rateLimitHits: RateLimitHitsTable;
}
