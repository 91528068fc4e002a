import { authRoutes, type ChangePasswordBody } from '@jesus-walks/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';

/** POST /api/auth/change-password, body currentPassword and newPassword (never the confirmation). */
export function changePassword(body: ChangePasswordBody): Promise<{ message: string }> {
  return callApi(authRoutes.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => notifySuccess('Password changed successfully'),
    onError: (error) => notifyError(error, 'Failed to change password'),
  });
}
