import { type Account, accountRoutes } from '@jesus-walks/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const contactAccountQueryKey = ['contact', 'account'] as const;

/** GET /api/account: a logged-in member's name and e-mail, to fill the form in for them. */
export function getAccount(options: { signal?: AbortSignal } = {}): Promise<Account> {
  return callApi(accountRoutes.get, { signal: options.signal });
}

export function getAccountQueryOptions() {
  return queryOptions({
    queryKey: contactAccountQueryKey,
    queryFn: ({ signal }) => getAccount({ signal }),
    retry: false,
  });
}

/** The member's account, asked only once the page knows someone is logged in. */
export function useAccountForContact(loggedIn: boolean) {
  return useQuery({ ...getAccountQueryOptions(), enabled: loggedIn });
}

/** What the form is filled in with: the member's name (their username when they gave none) and e-mail. */
export function prefillOf(account: Pick<Account, 'name' | 'username' | 'email'>): {
  name: string;
  email: string;
} {
  return { name: account.name ?? account.username, email: account.email };
}
