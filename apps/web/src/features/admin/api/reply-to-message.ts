import { type ContactMessageResult, contactRoutes } from '@jesus-walks/contracts/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/** POST /api/admin/messages/{id}/reply: the reply is e-mailed to the sender and kept with the message. */
export function replyToMessage(input: { id: number; text: string }): Promise<ContactMessageResult> {
  return callApi(contactRoutes.reply, { params: { id: input.id }, body: { text: input.text } });
}

export function useReplyToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToMessage,
    onSuccess: (result) => notifySuccess(result.message),
    onError: (error) => notifyError(error, 'Failed to send the reply'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.messages }),
  });
}
