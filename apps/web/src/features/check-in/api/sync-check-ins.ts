import type { CheckInOperation, CheckInSyncResult } from '@jesus-walks/contracts/check-in';
import { eventRoutes } from '@jesus-walks/contracts/events';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/leader/walks/{id}/check-in: sends the queued operations (each with its UUID, so
 * sending again after a lost answer counts once) and answers the merged list.
 */
export function syncCheckIns(walkId: number, operations: CheckInOperation[]): Promise<CheckInSyncResult> {
  return callApi(eventRoutes.checkInSync, { params: { id: walkId }, body: { operations } });
}
