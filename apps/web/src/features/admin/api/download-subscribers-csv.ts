import { newsletterRoutes } from '@jesus-walks/contracts/newsletter';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { saveTextFile } from '../utils/download';
import { notifyError } from '../utils/notify';

/** GET /api/newsletter/subscribers.csv, as text: every subscriber. */
export function getSubscribersCsv(): Promise<string> {
  return callApi(newsletterRoutes.subscribersCsv);
}

export function useDownloadSubscribersCsv() {
  return useMutation({
    mutationFn: async () => {
      saveTextFile(await getSubscribersCsv(), 'newsletter-subscribers.csv');
    },
    onError: (error) => notifyError(error, 'Failed to export subscribers'),
  });
}
