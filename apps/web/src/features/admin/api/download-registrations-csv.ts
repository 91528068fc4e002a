import { eventRoutes } from '@jesus-walks/contracts/events';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { saveTextFile } from '../utils/download';
import { notifyError } from '../utils/notify';

/** GET /api/events/{id}/registrations.csv, as text. */
export function getRegistrationsCsv(eventId: number): Promise<string> {
  return callApi(eventRoutes.registrationsCsv, { params: { id: eventId } });
}

/** Fetches the CSV with the session and saves it as event-{id}-registrations.csv. */
export function useDownloadRegistrationsCsv() {
  return useMutation({
    mutationFn: async (eventId: number) => {
      saveTextFile(await getRegistrationsCsv(eventId), `event-${eventId}-registrations.csv`);
    },
    onError: (error) => notifyError(error, 'Failed to export registrations'),
  });
}
