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

export function readPageState(doc: Document): PageState | null {
  const element = doc.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}
