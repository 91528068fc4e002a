import { type AdminWaiverVersion, waiverRoutes } from '@jesus-walks/contracts/waivers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/** POST /api/admin/waiver: a new version; the older ones and their signatures are kept as they were. */
export function publishWaiver(text: string): Promise<AdminWaiverVersion> {
  return callApi(waiverRoutes.publish, { body: { text } });
}

export function usePublishWaiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishWaiver,
    onSuccess: (version) => notifySuccess(`Waiver version ${version.version} published`),
    onError: (error) => notifyError(error, 'Failed to publish the waiver'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.waiver }),
  });
}
