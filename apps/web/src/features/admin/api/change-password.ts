import { useMutation } from '@tanstack/react-query';
import { changePassword } from '@/lib/account/change-password';
import { notifyError, notifySuccess } from '../utils/notify';

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => notifySuccess('Password changed successfully'),
    onError: (error) => notifyError(error, 'Failed to change password'),
  });
}
