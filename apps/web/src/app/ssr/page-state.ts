import { PAGE_STATE_ELEMENT_ID } from '@jesus-walks/contracts/server-render';
import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a server-rendered page hands to the browser beside its HTML: the query cache the page was
 * rendered from and the origin it used. A JSON script element (never executed, so the Content
 * Security Policy needs no exception) that the gateway writes after the root, read once before
 * hydrating.
 */
export interface PageState {
  origin: string;
  queries: DehydratedState;
}

/** JSON safe inside a script element: '<' escaped, so '</script>' in data cannot close it. */
export function serialisePageState(state: PageState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page's state, its data counted as fetched now: the page may have been rendered long ago, but
 * the gateway keeps a page only while its data holds (docs/decisions/032-rendered-pages-kept.md),
 * so the data is as current as the server's when the page was sent, and the browser need not ask
 * again before it is stale by the usual rules.
 */
export function readPageState(doc: Document, now = Date.now()): PageState | null {
  const element = doc.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as PageState;
    for (const query of state.queries.queries) {
      if (query.state.status === 'success') query.state.dataUpdatedAt = now;
    }
    return state;
  } catch {
    return null;
  }
}
