import { type AccountSubscription, newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

export type MyNewsletter = AccountSubscription;

/** GET /api/account/newsletter: the newsletter for the account's e-mail. */
export function useMyNewsletter() {
  return useQuery({
    queryKey: accountKeys.newsletter(),
    queryFn: ({ signal }) => callApi(newsletterRoutes.accountSubscription, { signal }),
  });
}

/** PUT /api/account/newsletter: subscribes (at once when the e-mail is verified) or unsubscribes. */
export function useSetMyNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) =>
      callApi(newsletterRoutes.updateAccountSubscription, { body: { subscribed } }),
    onSuccess: (answer) =>
      queryClient.setQueryData(accountKeys.newsletter(), { email: answer.email, status: answer.status }),
  });
}
