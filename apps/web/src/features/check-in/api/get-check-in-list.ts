import type { CheckInList } from '@jesus-walks/contracts/check-in';
import { eventRoutes } from '@jesus-walks/contracts/events';
import { callApi } from '@/lib/api-client';

/** GET /api/leader/walks/{id}/check-in: the walk's seat holders and their attendance (leaders only). */
export function getCheckInList(walkId: number, options: { signal?: AbortSignal } = {}): Promise<CheckInList> {
  return callApi(eventRoutes.checkInList, { params: { id: walkId }, signal: options.signal });
}
