import { orderRoutes } from '@jesus-walks/contracts/orders';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { saveTextFile } from '../utils/download';
import { notifyError } from '../utils/notify';
import { type AdminOrdersFilter, ordersFilterQuery } from './get-admin-orders';

/** GET /api/admin/orders.csv with the list's filters, as text: every matching order. */
export function getOrdersCsv(filter: AdminOrdersFilter): Promise<string> {
  return callApi(orderRoutes.adminCsv, { query: ordersFilterQuery(filter) });
}

/** Fetches the CSV with the session and saves it as orders.csv. */
export function useDownloadOrdersCsv() {
  return useMutation({
    mutationFn: async (filter: AdminOrdersFilter) => {
      saveTextFile(await getOrdersCsv(filter), 'orders.csv');
    },
    onError: (error) => notifyError(error, 'Failed to export orders'),
  });
}
