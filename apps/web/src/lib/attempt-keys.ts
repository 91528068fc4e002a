import { ApiError } from '@/lib/api-client';

/**
 * The Idempotency-Key of one registration attempt. Sending the same request again (a double click,
 * a retry after a network failure) reuses its key, so the server answers with the first result
 * instead of registering twice. A changed request or a definitive answer starts a new attempt.
 */
export class AttemptKeys {
  private current: { key: string; request: string } | null = null;

  constructor(private readonly newKey: () => string) {}

  /** The key for this request (a canonical text of what is sent). */
  keyFor(request: string): string {
    if (!this.current || this.current.request !== request) {
      this.current = { key: this.newKey(), request };
    }
    return this.current.key;
  }

  /**
   * After an answer: a success or a refusal (4xx) ends the attempt. A network failure or a server
   * error (5xx) keeps the key, since the first request may have registered after all.
   */
  settle(error?: unknown): void {
    const retryable = error !== undefined && !(error instanceof ApiError && error.status < 500);
    if (!retryable) this.current = null;
  }
}
