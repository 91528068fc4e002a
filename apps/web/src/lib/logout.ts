import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/use-toast';
import { callApi, getServerMessage } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/current-user';

/** POST /api/auth/logout (no body). */
export async function logout(): Promise<{ message: string }> {
  // Imported when needed: the header is in every page's first scripts (see current-user.ts).
  const { authRoutes } = await import('@jesus-walks/contracts/auth');
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
