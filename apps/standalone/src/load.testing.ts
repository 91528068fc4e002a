/** One answer under load: which path, its status (0: no answer), how long, when it was sent. */
export interface Sample {
  path: string;
  status: number;
  ms: number;
  /** When the request was sent (performance.now()). */
  at: number;
  body: string;
}

/**
 * Steady load for resilience tests: `workers` clients each asking the paths in turn until stopped,
 * every answer recorded. `breathMs` between requests keeps refusals (which come back at once)
 * from taking both cores.
 */
export function startLoad(options: {
  workers: number;
  paths: readonly string[];
  request: (path: string) => Promise<{ status: number; body: string }>;
  breathMs?: number;
}): { samples: Sample[]; stop(): Promise<void> } {
  const samples: Sample[] = [];
  let running = true;
  const { paths } = options;
  const load = Promise.all(
    Array.from({ length: options.workers }, async (_, worker) => {
      let turn = worker;
      while (running) {
        const path = paths[turn++ % paths.length] ?? '/';
        const at = performance.now();
        const answer = await options.request(path);
        samples.push({ path, status: answer.status, ms: performance.now() - at, at, body: answer.body });
        if (options.breathMs) await new Promise((resolve) => setTimeout(resolve, options.breathMs));
      }
    }),
  );
  return {
    samples,
    async stop() {
      running = false;
      await load;
    },
  };
}
