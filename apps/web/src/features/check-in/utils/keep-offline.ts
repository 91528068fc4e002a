/** The check-in's service worker (apps/web/public/lead/sw.js) and the pages it serves. */
export const CHECK_IN_WORKER = { script: '/lead/sw.js', scope: '/lead/' } as const;

/** What the page loaded, as the browser's resource timing names it. */
export interface LoadedResource {
  name: string;
  initiatorType: string;
}

/** Answers the page's code asked for (the API's): never kept, the list is in the page's storage. */
const FETCHED = new Set(['fetch', 'xmlhttprequest', 'beacon', 'eventsource']);

/**
 * What of this page the worker should keep for a start without signal: the site's own files it
 * loaded (scripts, styles, icon), never an answer its code fetched, and last the page's address:
 * the worker keeps them in this order, so a kept page has its files.
 */
export function filesToKeep(pageUrl: string, loaded: readonly LoadedResource[]): string[] {
  const origin = new URL(pageUrl).origin;
  const files = loaded
    .filter((entry) => !FETCHED.has(entry.initiatorType) && new URL(entry.name, origin).origin === origin)
    .map((entry) => entry.name);
  return [...new Set(files.filter((href) => href !== pageUrl)), pageUrl];
}

/**
 * Makes this check-in page open again with no signal: registers the worker, loads what the page
 * would load later (the scanner), then tells the worker everything the page loaded, which it keeps.
 * Nothing happens in a browser without service workers: the page still works while it stays open.
 */
export async function keepCheckInOffline(preload: () => Promise<unknown>): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register(CHECK_IN_WORKER.script, { scope: CHECK_IN_WORKER.scope });
  const registration = await navigator.serviceWorker.ready;
  await preload();
  const loaded = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  registration.active?.postMessage({ type: 'keep', urls: filesToKeep(window.location.href, loaded) });
}
