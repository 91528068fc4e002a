import type { PaymentsDeps } from '../../deps';
import { changePayment } from '../payments/payments.service';
import { markWebhookProcessed } from '../webhooks/webhooks.service';
import {
  FINALISE_PAYMENT_QUEUE,
  finalisePayment,
  REFUND_PAYMENT_QUEUE,
  refundPayment,
} from './finalisation.service';

export interface FinaliseJob {
  paymentId: string;
  /** The webhook event that caused it (marked processed once done). */
  provider?: string;
  eventId?: string;
}

export function workFinalisation(deps: PaymentsDeps): void {
  deps.jobs.work<FinaliseJob>(
    FINALISE_PAYMENT_QUEUE,
    async (job) => {
      const result = await finalisePayment(deps, { paymentId: job.data.paymentId });
      if (job.data.provider && job.data.eventId) {
        await markWebhookProcessed(deps, { provider: job.data.provider, eventId: job.data.eventId });
      }
      return { outcome: result.kind };
    },
    // The seller or the processor down: retried with backoff for about an hour.
    { retryLimit: 12, retryDelaySeconds: 5, retryBackoff: true, batchSize: 4 },
  );

  deps.jobs.work<{ paymentId: string }>(
    REFUND_PAYMENT_QUEUE,
    async (job) => {
      try {
        return await refundPayment(deps, job.data.paymentId);
      } catch (error) {
        if (job.retryCount >= job.retryLimit) {
          // A person must look at it: the processor kept refusing the refund.
          await changePayment(deps, job.data.paymentId, { refundStatus: 'failed' });
        }
        throw error;
      }
    },
    { retryLimit: 12, retryDelaySeconds: 10, retryBackoff: true },
  );
}
