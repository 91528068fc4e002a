import type { NewsletterTokenResult } from '@jesus-walks/contracts/newsletter';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/newsletter/confirm: the page posts the token of the welcome e-mail's link. */
export async function confirmSubscription(token: string): Promise<NewsletterTokenResult> {
  return api.post<NewsletterTokenResult>('/api/newsletter/confirm', { token });
}

export function useConfirmSubscription() {
  return useMutation({ mutationFn: confirmSubscription });
}
