import { type AccountOrder, orderRoutes } from '@jesus-walks/contracts/orders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** A member's order, with its status page as a path of this site (the app opens it itself). */
export type MemberOrder = AccountOrder & { statusPath: string };

/** The path and query of the status page's absolute link (`{site}/orders/status?token=...`). */
export function statusPathOf(statusUrl: string): string {
  const url = new URL(statusUrl, 'http://site.invalid');
  return `${url.pathname}${url.search}`;
}

/** GET /api/account/orders: the member's own orders, newest first. */
export async function getMemberOrders(options: { signal?: AbortSignal } = {}): Promise<MemberOrder[]> {
  const orders = await callApi(orderRoutes.accountList, { signal: options.signal });
  return orders.map((order) => ({ ...order, statusPath: statusPathOf(order.statusUrl) }));
}

export function useMemberOrders() {
  return useQuery({ queryKey: accountKeys.orders(), queryFn: ({ signal }) => getMemberOrders({ signal }) });
}

/** GET /api/account/orders/claimable: guest orders placed with the member's e-mail. */
export function useClaimableOrders() {
  return useQuery({
    queryKey: accountKeys.claimable(),
    queryFn: ({ signal }) => callApi(orderRoutes.accountClaimable, { signal }),
  });
}

/** POST /api/account/orders/claim-link: e-mails the member the link that adds those orders. */
export function useSendClaimLink() {
  return useMutation({ mutationFn: () => callApi(orderRoutes.accountClaimLink, {}) });
}

/** POST /api/account/orders/claim with the link's token; the page shows the server's words. */
export function useClaimOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(orderRoutes.accountClaim, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.orders() }),
  });
}
