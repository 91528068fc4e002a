import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface SubscribeNewsletterBody {
  email: string;
  /** The honeypot: people never see it, bots fill it in (sent only when filled). */
  website?: string;
}

/** The client-side check of SPEC.md section 5: non-empty and containing '@'. */
export function isValidNewsletterEmail(email: string): boolean {
  const value = email.trim();
  return value !== '' && value.includes('@');
}

/**
 * POST /api/newsletter/subscribe. A failure with the server's message rethrows the `ApiError`
 * (its `serverMessage` is what the toast shows); any other failure becomes 'Subscription failed'.
 */
export async function subscribeNewsletter(body: SubscribeNewsletterBody): Promise<void> {
  try {
    await api.post<unknown>('/api/newsletter/subscribe', body);
  } catch (error) {
    if (error instanceof ApiError && error.serverMessage) throw error;
    throw new Error('Subscription failed', { cause: error });
  }
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
