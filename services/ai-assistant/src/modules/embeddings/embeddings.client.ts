import OpenAI from 'openai';

/** Turns texts into vectors with an embedding model of the OpenAI-compatible endpoint. */
export interface Embedder {
  model: string;
  /** Below this similarity an entry is not about the question. */
  minSimilarity: number;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export function createEmbedder(options: {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
  minSimilarity: number;
  timeoutMs: number;
}): Embedder {
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'not-needed',
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    timeout: options.timeoutMs,
    maxRetries: 1,
  });
  return {
    model: options.model,
    minSimilarity: options.minSimilarity,
    async embed(texts, signal) {
      if (texts.length === 0) return [];
      const response = await client.embeddings.create(
        { model: options.model, input: [...texts], encoding_format: 'float' },
        signal ? { signal } : {},
      );
      return [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
    },
  };
}
