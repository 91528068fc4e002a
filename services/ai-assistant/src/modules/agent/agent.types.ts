import type { AssistantContext, MemberOrder } from '@jesus-walks/contracts/assistant';
import type { Identity } from '@jesus-walks/contracts/common';
import type { Event } from '@jesus-walks/contracts/events';
import type { Product } from '@jesus-walks/contracts/products';
import type { KnowledgeHit } from '../knowledge/knowledge.types';

/** Who is asking: a member (verified by the gateway's signed identity) or a guest. */
export interface Caller {
  identity: Identity | null;
  clientAddress: string;
}

export type OrdersLookup =
  | { kind: 'guest' }
  | { kind: 'unavailable' }
  | { kind: 'found'; orders: MemberOrder[] };

/** A turn of the conversation that goes with the question. */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

/** What a provider answers with. */
export interface Answer {
  response: string;
  model: string;
  provider: string;
  promptTokens: number;
  completionTokens: number;
}

/** What a provider may look up: the knowledge base, the catalog, events, the caller's own orders. */
export interface Retrieval {
  searchKnowledge(words: readonly string[], context: AssistantContext): Promise<KnowledgeHit[]>;
  /** Every product on sale (live prices and stock). */
  products(): Promise<Product[]>;
  /**
   * In-stock products these words name (by meaning when embeddings are configured), best first;
   * at most `maxPrice` dollars.
   */
  searchProducts(words: readonly string[], options?: { maxPrice?: number }): Promise<Product[]>;
  upcomingEvents(): Promise<Event[]>;
  /** The caller's own orders: none for a guest, whatever the message says. */
  myOrders(): Promise<OrdersLookup>;
}

/** An admin's model config (model_configs) for the provider that answers. */
export interface ModelConfig {
  id: number;
  modelId: string;
  temperature: number;
  maxTokens: number;
}

export interface Question {
  message: string;
  context: AssistantContext;
  history: readonly Turn[];
  caller: Caller;
  retrieval: Retrieval;
  /** The active model config of the answering provider, if an admin keeps one. */
  modelConfig: ModelConfig | null;
  signal: AbortSignal;
  /** Streaming: called with each piece of the answer as it is produced. */
  onDelta?: (text: string) => void;
}

export interface Provider {
  answer(question: Question): Promise<Answer>;
}
