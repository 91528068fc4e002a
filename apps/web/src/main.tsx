import { PAGE_MODULES_ATTRIBUTE, PAGE_STATE_ELEMENT_ID } from '@jesus-walks/contracts/server-render';
import { readPageState } from '@/app/ssr/page-state';
import './index.css';

/**
 * The entry: small on purpose. A page the server rendered is complete without scripts, so the app
 * (React, the router, the page's code) is asked for once the browser has painted it: its download
 * and start-up never hold back the first paint or the page's images (docs/decisions/019). A page
 * that arrived as the shell shows nothing until the app runs, so it starts at once.
 */

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root: HTMLElement = container;

const pageState = root.hasChildNodes() ? readPageState(document) : null;

function start(): void {
  // The page's own code, which the gateway names, downloads alongside the app's.
  const pageModules = document.getElementById(PAGE_STATE_ELEMENT_ID)?.getAttribute(PAGE_MODULES_ATTRIBUTE);
  for (const href of pageModules?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  void import('@/app/start').then(({ startApp }) => startApp(root, pageState));
}

if (!pageState || document.visibilityState === 'hidden') {
  // No paint to wait for: a shell, or a tab in the background (which runs no animation frames).
  start();
} else {
  // An animation frame's callback runs just before the next paint; a task queued from it runs
  // after that paint.
  requestAnimationFrame(() => setTimeout(start, 0));
}
