import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPathReturningTo } from '@/features/auth/utils/post-login-path';
import { useCurrentUser } from '@/lib/current-user';

/**
 * The logged-in member of a members-only page. A visitor is sent to the login page, which brings
 * them back to this very address (query included) once logged in.
 */
export function useMember() {
  const currentUser = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const anonymous = !currentUser.isPending && currentUser.data === null;

  useEffect(() => {
    if (anonymous) {
      navigate(loginPathReturningTo(`${location.pathname}${location.search}`), { replace: true });
    }
  }, [anonymous, navigate, location.pathname, location.search]);

  return { currentUser, anonymous };
}
