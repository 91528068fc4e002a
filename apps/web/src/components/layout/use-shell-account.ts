import { useCurrentUser } from '@/lib/current-user';
import { useLogout } from '@/lib/logout';
import type { ShellAccountProps } from './nav-items';

/**
 * The header's account area: who is logged in (undefined while not known: on the server, in the
 * render that hydrates, and while asking), and logging out. Read by the account area itself, not
 * passed down from the layout: when the answer comes, only it renders again, never the page beside
 * it, which may still be hydrating (docs/decisions/032-rendered-pages-kept.md).
 */
export function useShellAccount(): ShellAccountProps {
  const currentUser = useCurrentUser();
  const logout = useLogout();
  return {
    user: currentUser.isPending ? undefined : (currentUser.data ?? null),
    onLogout: () => logout.mutate(),
    isLoggingOut: logout.isPending,
  };
}
