import type { WalkLeader } from '@jesus-walks/contracts/check-in';
import { eventRoutes } from '@jesus-walks/contracts/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { notifyError, notifySuccess } from '../utils/notify';
import { adminQueryKeys } from './query-keys';

/*
 * A walk's leaders (decision 040): GET, POST and DELETE /api/admin/events/{id}/leaders. One file for
 * the three, as each answers the same list, which replaces the cached one.
 */

const leadersKey = (eventId: number) => [...adminQueryKeys.registrations(eventId), 'leaders'] as const;

export function getWalkLeaders(
  eventId: number,
  options: { signal?: AbortSignal } = {},
): Promise<WalkLeader[]> {
  return callApi(eventRoutes.walkLeaders, { params: { id: eventId }, signal: options.signal });
}

export function getWalkLeadersQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: leadersKey(eventId),
    queryFn: ({ signal }) => getWalkLeaders(eventId, { signal }),
  });
}

export function useWalkLeaders(eventId: number) {
  return useQuery(getWalkLeadersQueryOptions(eventId));
}

export function useChangeWalkLeaders(eventId: number) {
  const queryClient = useQueryClient();
  const settle = (leaders: WalkLeader[]) => queryClient.setQueryData(leadersKey(eventId), leaders);
  const add = useMutation({
    mutationFn: (user: { id: number; username: string }) =>
      callApi(eventRoutes.addWalkLeader, { params: { id: eventId }, body: { userId: user.id } }),
    onSuccess: (leaders, user) => {
      settle(leaders);
      notifySuccess(`${user.username} now leads this walk.`);
    },
    onError: (error) => notifyError(error, 'Failed to add the leader'),
  });
  const remove = useMutation({
    mutationFn: (leader: WalkLeader) =>
      callApi(eventRoutes.removeWalkLeader, { params: { id: eventId, userId: leader.userId } }),
    onSuccess: (leaders, leader) => {
      settle(leaders);
      notifySuccess(`${leader.username} no longer leads this walk.`);
    },
    onError: (error) => notifyError(error, 'Failed to remove the leader'),
  });
  return { add, remove };
}
