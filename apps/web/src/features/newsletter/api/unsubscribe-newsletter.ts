import { type NewsletterTokenResult, newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/newsletter/unsubscribe: the page posts the token of the e-mail's unsubscribe link. */
export function unsubscribeNewsletter(token: string): Promise<NewsletterTokenResult> {
  return callApi(newsletterRoutes.unsubscribe, { body: { token } });
}

export function useUnsubscribeNewsletter() {
  return useMutation({ mutationFn: unsubscribeNewsletter });
}
