import type { TestProject } from 'vitest/node';
import { startSite } from './site';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One running site for every end-to-end spec. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const site = await startSite();
  project.provide('baseUrl', site.baseUrl);
  return () => site.stop();
}
