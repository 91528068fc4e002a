import type { TestProject } from 'vitest/node';
import { startSite } from './site';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Everything the site printed so far (its console), as a file. */
    siteLogPath: string;
  }
}

/** One running site for every end-to-end spec. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const site = await startSite();
  project.provide('baseUrl', site.baseUrl);
  project.provide('siteLogPath', site.logPath);
  return async () => {
    const code = await site.stop();
    // The site must stop cleanly on SIGTERM, its database included.
    if (code !== 0) throw new Error(`The site did not stop cleanly (exit code ${code}):\n${site.output()}`);
  };
}
