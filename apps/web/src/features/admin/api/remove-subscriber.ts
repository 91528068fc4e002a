import { newsletterRoutes, type RemovedSubscriber } from '@jesus-walks/contracts/newsletter';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/** DELETE /api/newsletter/subscribers/{id}: the address is forgotten. */
export function removeSubscriber(id: number): Promise<RemovedSubscriber> {
  return callApi(newsletterRoutes.removeSubscriber, { params: { id } });
}

export function useRemoveSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSubscriber,
    onSuccess: (result) => notifySuccess(result.message),
    onError: (error) => notifyError(error, 'Failed to remove subscriber'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.subscribers }),
  });
}
