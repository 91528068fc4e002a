import type { PaymentsDeps } from '../../deps';
import { retryWalkRefunds, WALK_REFUNDS_QUEUE, type WalkRefundsJob } from './registration-payments.service';

/** Declares the walk refunds job's worker (app.ts, before the queue starts). */
export function workWalkRefunds(deps: PaymentsDeps): void {
  deps.jobs.work<WalkRefundsJob>(WALK_REFUNDS_QUEUE, (job) => retryWalkRefunds(deps, job.data), {
    // content-and-events or a payment's completion late: about 30 s, doubled, for about a day.
    retryLimit: 12,
    retryDelaySeconds: 30,
    retryBackoff: true,
  });
}
