import { confirmOrder, type FulfilmentDeps, ORDER_CONFIRMATION_QUEUE } from './order-fulfilment.service';

/**
 * Declares the worker of paid orders' confirmations (app.ts, before the queue starts). Retried
 * with backoff while identity cannot say a member's address: about an hour and a half in all.
 */
export function workOrderConfirmations(deps: FulfilmentDeps): void {
  deps.jobs.work<{ orderId: number; requestId?: string }>(
    ORDER_CONFIRMATION_QUEUE,
    (job) =>
      confirmOrder(deps, {
        orderId: job.data.orderId,
        requestId: job.data.requestId,
        lastAttempt: job.retryCount >= job.retryLimit,
      }),
    { retryLimit: 10, retryDelaySeconds: 5, retryBackoff: true },
  );
}
