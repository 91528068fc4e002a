import { type ContactFormToken, contactRoutes } from '@jesus-walks/contracts/contact';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';

export const contactFormTokenQueryKey = ['contact', 'form-token'] as const;

/** GET /api/contact/form-token: the signed time the form is shown, sent back with the message. */
export function getContactFormToken(options: { signal?: AbortSignal } = {}): Promise<ContactFormToken> {
  return callApi(contactRoutes.formToken, { signal: options.signal });
}

/**
 * Asked once the page runs in the browser (a rendered page is the same for everyone), never
 * kept for another visit: the token is the time this form was shown.
 */
export function getContactFormTokenQueryOptions() {
  return queryOptions({
    queryKey: contactFormTokenQueryKey,
    queryFn: ({ signal }) => getContactFormToken({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 2,
  });
}

export function useContactFormToken() {
  const hydrated = useHydrated();
  return useQuery({ ...getContactFormTokenQueryOptions(), enabled: hydrated });
}
