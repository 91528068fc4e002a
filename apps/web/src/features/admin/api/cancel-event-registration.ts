import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelRegistration } from '@/lib/events/cancel-registration';
import { notifyError, notifySuccess } from '../utils/notify';
import { refreshEvents } from './refresh-events';

/**
 * An admin cancels someone's registration through payments' Cancel and refund, the one way a
 * registration is cancelled: a seat paid online is refunded with it, and the answer says so.
 */
export function useCancelEventRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    // The seat, if it held one, goes to the next on the waitlist (the dialog's list shows who).
    onSuccess: (result) => notifySuccess(`${result.message} The registrant is told by e-mail.`),
    onError: (error) => notifyError(error, 'Failed to cancel registration'),
    onSettled: () => refreshEvents(queryClient),
  });
}
