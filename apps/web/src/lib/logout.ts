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

/** Ends the session, clears every cached query and goes to /login (SPEC.md section 7): the header's and the dashboard's Logout. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      // Known now, so the header switches to the visitor's links without another request.
      queryClient.setQueryData(currentUserQueryKey, null);
      navigate('/login', { replace: true });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: getServerMessage(error) ?? 'Please try again.',
      });
    },
  });
}
