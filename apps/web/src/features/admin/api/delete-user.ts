import { accountRoutes } from '@jesus-walks/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/**
 * POST /api/admin/users/{id}/delete: an admin deletes a member's account at their request (the
 * member's personal data is erased in every service, as when they delete it themselves).
 */
export function deleteUser(id: number): Promise<{ message: string }> {
  return callApi(accountRoutes.adminDeleteUser, { params: { id } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async (answer) => {
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.users });
    },
    onError: (error) => notifyError(error, 'Failed to delete the account'),
  });
}
