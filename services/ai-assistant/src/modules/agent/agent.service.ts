import { randomUUID } from 'node:crypto';
import type { AgentRequest, AgentResponse } from '@jesus-walks/contracts/assistant';
import { notFound } from '@jesus-walks/service-kit/errors';
import type { AssistantDeps } from '../../deps';
import type { Embedder } from '../embeddings/embeddings.client';
import { productsByMeaning } from '../embeddings/embeddings.service';
import { searchKnowledge } from '../knowledge/knowledge.service';
import { questionRules, takeQuestionLimits } from './agent.limits';
import {
  activeModelConfig,
  findConversation,
  insertAnswer,
  insertConversation,
  insertQuestion,
  recentTurns,
} from './agent.repository';
import type { Caller, OrdersLookup, Retrieval } from './agent.types';
import { estimateTokens } from './built-in.provider';
import { productWords, rankProductsByWords } from './product-search';

/** Questions and answers that go with each question (the last three exchanges). */
export const HISTORY_TURNS = 6;

/** The answer did not come within AGENT_TIMEOUT_MS. */
export class AgentTimeoutError extends Error {
  constructor() {
    super('The assistant took too long to answer');
    this.name = 'AgentTimeoutError';
  }
}

/** An embedder that embeds a question once however often it is searched with (one per question). */
function onceATextEmbedder(embedder: Embedder): Embedder {
  const cache = new Map<string, Promise<number[][]>>();
  return {
    ...embedder,
    embed(texts, signal) {
      if (texts.length !== 1) return embedder.embed(texts, signal);
      const key = texts[0] ?? '';
      let vectors = cache.get(key);
      if (!vectors) {
        vectors = embedder.embed(texts, signal);
        cache.set(key, vectors);
        vectors.catch(() => cache.delete(key));
      }
      return vectors;
    },
  };
}

/** What the provider may look up for this caller: their own orders and nobody else's. */
function retrievalFor(deps: AssistantDeps, caller: Caller, requestId: string): Retrieval {
  const embedder = deps.embedder && onceATextEmbedder(deps.embedder);
  return {
    searchKnowledge: (words, context) => searchKnowledge({ ...deps, embedder }, { words, context }),
    products: () => deps.peers.products(requestId),
    async searchProducts(words, options = {}) {
      const onSale = (await deps.peers.products(requestId)).filter(
        (product) =>
          product.available > 0 &&
          (options.maxPrice === undefined || Number(product.price) <= options.maxPrice),
      );
      const named = productWords(words);
      if (named.length === 0) return [];
      if (embedder) {
        try {
          const ranked = await productsByMeaning(
            { db: deps.db, pgvector: deps.pgvector, embedder },
            { text: named.join(' '), products: onSale },
          );
          if (ranked) return ranked;
        } catch (error) {
          deps.logger.warn({ err: error }, 'assistant: embeddings unavailable, products ranked by words');
        }
      }
      return rankProductsByWords(onSale, named);
    },
    upcomingEvents: () => deps.peers.upcomingEvents(requestId),
    async myOrders(): Promise<OrdersLookup> {
      if (!caller.identity) return { kind: 'guest' };
      const orders = await deps.peers.ordersOf(caller.identity.id, requestId);
      return orders ? { kind: 'found', orders } : { kind: 'unavailable' };
    },
  };
}

/**
 * Answers a question in its conversation: the conversation is continued (its owner only: another
 * member's or a member's asked by a guest is unknown, 404) or started, the question counted against
 * the limits and stored, the last turns handed to the provider with it, and the answer stored with
 * its model, provider and tokens. An answer later than the timeout is a 504 and is not stored.
 */
export async function askAgent(
  deps: AssistantDeps,
  input: {
    request: AgentRequest;
    caller: Caller;
    requestId: string;
    /** The question is accepted (found, within limits, stored): the answer comes next. */
    onAccepted?: () => void;
    /** Streaming: each piece of the answer as it is produced. */
    onDelta?: (text: string) => void;
  },
): Promise<AgentResponse> {
  const { request, caller, requestId } = input;
  const { message, context } = request;
  const continued = request.conversationId !== undefined;
  if (request.conversationId) {
    const conversation = await findConversation(deps.db, request.conversationId);
    if (!conversation || (conversation.userId !== null && conversation.userId !== caller.identity?.id)) {
      throw notFound('Conversation not found');
    }
  }
  // A new conversation's id is drawn now, so that its first question counts under it too.
  const conversationId = request.conversationId ?? randomUUID();
  await takeQuestionLimits(deps.db, questionRules(deps.limits, caller, conversationId));

  const modelConfig = await activeModelConfig(deps.db, deps.modelConfigProvider);
  const history = continued ? await recentTurns(deps.db, conversationId, HISTORY_TURNS) : [];
  if (!continued) {
    await insertConversation(deps.db, {
      id: conversationId,
      userId: caller.identity?.id ?? null,
      title: message.length > 80 ? `${message.slice(0, 79)}…` : message,
      context,
      modelConfigId: modelConfig?.id ?? null,
    });
  }
  await insertQuestion(deps.db, {
    conversationId,
    content: message,
    context,
    tokens: estimateTokens(message),
  });
  input.onAccepted?.();

  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new AgentTimeoutError());
    }, deps.timeoutMs);
  });
  try {
    const answer = await Promise.race([
      deps.provider.answer({
        message,
        context,
        history,
        caller,
        retrieval: retrievalFor(deps, caller, requestId),
        modelConfig,
        signal: controller.signal,
        ...(input.onDelta ? { onDelta: input.onDelta } : {}),
      }),
      timeout,
    ]);
    await insertAnswer(deps.db, {
      conversationId,
      content: answer.response,
      context,
      model: answer.model,
      provider: answer.provider,
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
    });
    return {
      response: answer.response,
      context,
      model: answer.model,
      provider: answer.provider,
      conversationId,
    };
  } finally {
    clearTimeout(timer);
  }
}
