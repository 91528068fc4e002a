import type { JobQueue } from '@jesus-walks/service-kit/jobs';
import type { Kysely } from 'kysely';
import type { AiAssistantDatabase } from '../../db/database';
import type { Peers } from '../peers/peers';
import type { Embedder } from './embeddings.client';
import { refreshEmbeddings } from './embeddings.service';

type Db = Kysely<AiAssistantDatabase>;

export const EMBEDDINGS_REFRESH_JOB = 'assistant-embeddings-refresh';

/**
 * The refresh as a job: every 15 minutes (the catalog changes in another service) and right after
 * an admin changes the knowledge base (enqueued in that write's transaction).
 */
export function scheduleEmbeddingsRefresh(deps: {
  db: Db;
  jobs: JobQueue;
  embedder: Embedder;
  peers: Peers;
}): void {
  deps.jobs.work(EMBEDDINGS_REFRESH_JOB, async () => refreshEmbeddings(deps), {
    retryLimit: 2,
    retryDelaySeconds: 30,
  });
  deps.jobs.schedule(EMBEDDINGS_REFRESH_JOB, '*/15 * * * *');
}

/** Asks for a refresh soon (one queued at a time), in the transaction of the change that calls for it. */
export async function requestEmbeddingsRefresh(deps: { jobs: JobQueue }, trx: Db): Promise<void> {
  await deps.jobs.enqueue(trx, EMBEDDINGS_REFRESH_JOB, {}, { singletonKey: 'refresh' });
}
