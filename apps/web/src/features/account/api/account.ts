import {
  type Account,
  type AccountSession,
  accountRoutes,
  type ChangeEmailBody,
} from '@jesus-walks/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePassword } from '@/lib/account/change-password';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

export type { Account, AccountSession };

/** GET /api/account: the member's name, e-mail (and whether it is verified) and pending change. */
export function useAccount() {
  return useQuery({
    queryKey: accountKeys.profile(),
    queryFn: ({ signal }) => callApi(accountRoutes.get, { signal }),
  });
}

/** PATCH /api/account: the member's name ('' clears it). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string }) => callApi(accountRoutes.update, { body }),
    onSuccess: (account) => queryClient.setQueryData(accountKeys.profile(), account),
  });
}

/** POST /api/account/email: a link goes to the new address; the e-mail changes when it is opened. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => callApi(accountRoutes.changeEmail, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
}

/** POST /api/account/email/verification: a link to confirm the current address. */
export function useSendVerification() {
  return useMutation({ mutationFn: () => callApi(accountRoutes.sendVerification, {}) });
}

/** POST /api/account/email/confirm: the token of the e-mailed link (works logged out too). */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callApi(accountRoutes.confirmEmail, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** The existing change-password route; the member's other devices are logged out. */
export function useChangeMyPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** GET /api/account/sessions: where the member is logged in, this device first. */
export function useAccountSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => callApi(accountRoutes.sessions, { signal }),
  });
}

/** DELETE /api/account/sessions/{id}: logs one other device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(accountRoutes.endSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** POST /api/account/sessions/end-others: 'Log out everywhere else'. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(accountRoutes.endOtherSessions, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
