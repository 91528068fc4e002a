import type { CurrentUser } from '@/lib/current-user';

export type AdminGate = 'checking' | 'error' | 'anonymous' | 'forbidden' | 'loading-user' | 'admin';

interface CurrentUserQueryState {
  isPending: boolean;
  isError: boolean;
  /** null: nobody is logged in; undefined: not known yet. */
  data: CurrentUser | null | undefined;
}

/** Which of the dashboard's gate states (SPEC.md section 2) the current-user query puts it in. */
export function adminGate(query: CurrentUserQueryState): AdminGate {
  if (query.isError && query.data === undefined) return 'error';
  if (query.isPending) return 'checking';
  if (query.data === null) return 'anonymous';
  if (query.data === undefined) return 'loading-user';
  return query.data.isAdmin ? 'admin' : 'forbidden';
}
