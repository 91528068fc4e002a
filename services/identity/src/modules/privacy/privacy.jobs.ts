import type { IdentityDeps } from '../../deps';
import { ERASE_JOB, type EraseJobData, eraseJobSettings, runEraseJob } from './account-deletion.service';
import { EXPORT_JOB, type ExportJobData, exportJobSettings, runExportJob } from './data-export.service';

/** Declares the workers of the privacy jobs: gathering a download, and one service's erasure. */
export function registerPrivacyJobs(deps: IdentityDeps): void {
  deps.jobs.work<ExportJobData>(EXPORT_JOB, (job) => runExportJob(deps, job), exportJobSettings);
  deps.jobs.work<EraseJobData>(ERASE_JOB, (job) => runEraseJob(deps, job), eraseJobSettings);
}
