import { type AdminUser, type CreateUserBody, userRoutes } from '@jesus-walks/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/** POST /api/users by an admin: username, email, password and the admin flag. */
export function createUser(body: CreateUserBody): Promise<AdminUser> {
  return callApi(userRoutes.create, { body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      notifySuccess('User created successfully');
      await queryClient.invalidateQueries({ queryKey: adminQueryKeys.users });
    },
    onError: (error) => notifyError(error, 'Failed to create user'),
  });
}
