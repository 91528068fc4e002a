import { type NewsletterTokenResult, newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/newsletter/confirm: the page posts the token of the welcome e-mail's link. */
export function confirmSubscription(token: string): Promise<NewsletterTokenResult> {
  return callApi(newsletterRoutes.confirm, { body: { token } });
}

export function useConfirmSubscription() {
  return useMutation({ mutationFn: confirmSubscription });
}
