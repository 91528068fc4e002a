import {
  type ContactMessageResult,
  type ContactMessageStatus,
  contactRoutes,
} from '@jesus-walks/contracts/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/** PATCH /api/admin/messages/{id}: mark a message done, or open it again. */
export function updateMessageStatus(input: {
  id: number;
  status: ContactMessageStatus;
}): Promise<ContactMessageResult> {
  return callApi(contactRoutes.update, { params: { id: input.id }, body: { status: input.status } });
}

export function useUpdateMessageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageStatus,
    onSuccess: (result) => notifySuccess(result.message),
    onError: (error) => notifyError(error, 'Failed to update the message'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.messages }),
  });
}
