import type { QueryClient } from '@tanstack/react-query';
import { eventsKeys } from '@/lib/events/query-keys';
import { adminQueryKeys } from './query-keys';

/** After any change to an event or its registrations: the admin's lists and the public pages' cache. */
export async function refreshEvents(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminQueryKeys.events }),
    queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  ]);
}
