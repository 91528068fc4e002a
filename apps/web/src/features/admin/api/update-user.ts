import { type AdminUser, type UpdateUserBody, userRoutes } from '@jesus-walks/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

export interface UpdateUserInput {
  id: number;
  body: UpdateUserBody;
}

/** PUT /api/users/{id}: username, email, isAdmin, and the password only when one was given. */
export function updateUser({ id, body }: UpdateUserInput): Promise<AdminUser> {
  return callApi(userRoutes.update, { params: { id }, body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async () => {
      notifySuccess('User updated successfully');
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.users });
    },
    onError: (error) => notifyError(error, 'Failed to update user'),
  });
}
