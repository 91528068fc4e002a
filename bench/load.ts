import autocannon from 'autocannon';

/** What one load run measured, as the benches print it. */
export interface LoadFigures {
  'requests/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'KB/answer': number;
  errors: number;
}

/**
 * One request under load with autocannon, after a warm-up (connections, JIT and pools) that is
 * not counted: every bench measures the same way.
 */
export async function measureLoad(
  request: { url: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> },
  options: { connections: number; seconds: number; warmUpSeconds: number },
): Promise<LoadFigures> {
  const run = { ...request, connections: options.connections };
  await autocannon({ ...run, duration: options.warmUpSeconds });
  const result = await autocannon({ ...run, duration: options.seconds });
  return {
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'KB/answer': Number((result.throughput.average / Math.max(1, result.requests.average) / 1024).toFixed(2)),
    errors: result.errors + result.non2xx,
  };
}
