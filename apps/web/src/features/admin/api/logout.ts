import { authRoutes } from '@jesus-walks/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { callApi, getServerMessage } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

/** POST /api/auth/logout (no body). */
export function logout(): Promise<{ message: string }> {
  return callApi(authRoutes.logout);
}

/** The dashboard's Logout: every cached query cleared, then /login (SPEC.md section 7). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: getServerMessage(error) ?? 'Logout failed. Please try again.',
      });
    },
  });
}
