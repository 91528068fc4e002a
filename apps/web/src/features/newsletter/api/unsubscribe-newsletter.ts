import type { NewsletterTokenResult } from '@jesus-walks/contracts/newsletter';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/newsletter/unsubscribe: the page posts the token of the e-mail's unsubscribe link. */
export async function unsubscribeNewsletter(token: string): Promise<NewsletterTokenResult> {
  return api.post<NewsletterTokenResult>('/api/newsletter/unsubscribe', { token });
}

export function useUnsubscribeNewsletter() {
  return useMutation({ mutationFn: unsubscribeNewsletter });
}
