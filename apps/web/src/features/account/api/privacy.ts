import { accountRoutes, type DataExport, type DeleteAccountBody } from '@jesus-walks/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

export type { DataExport };

/** While a download is being prepared, the page asks again this often. */
const PREPARING_POLL_MS = 3000;

/** GET /api/account/data-export: the member's newest request for their data (null: none). */
export function useDataExport() {
  return useQuery({
    queryKey: accountKeys.dataExport(),
    queryFn: async ({ signal }) => (await callApi(accountRoutes.dataExport, { signal })).export,
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? PREPARING_POLL_MS : false),
  });
}

/** POST /api/account/data-export: a job gathers everything the site holds about the member. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(accountRoutes.requestDataExport, {})).export,
    onSuccess: (dataExport) => queryClient.setQueryData(accountKeys.dataExport(), dataExport),
  });
}

/** POST /api/account/delete with the member's password: the account and its data are erased. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => callApi(accountRoutes.deleteAccount, { body }),
  });
}
