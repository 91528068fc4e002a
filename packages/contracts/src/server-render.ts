import type { WebRoutePath } from './web-routes';

/**
 * The server render's interface (docs/decisions/019-server-rendering.md): what
 * apps/web/src/entry-server.tsx exports, built into apps/web/dist-server/entry-server.js, and
 * what the gateway imports at start-up and calls for every page. Both sides compile against this
 * one type.
 */
export interface PageRenderer {
  render(request: PageRenderRequest): Promise<PageRenderResult>;
}

export interface PageRenderRequest {
  /** Path and query of the page. */
  url: string;
  /** PUBLIC_ORIGIN: absolute URLs in the head. */
  origin: string;
  /**
   * Calls the gateway's API as anyone would: a rendered page is the same for every visitor (what is
   * theirs, such as who is logged in, comes after hydration), so the gateway may keep it.
   */
  fetchApi: (path: string, init: RequestInit) => Promise<Response>;
  /** Give up rendering after this long (the gateway then sends the shell). */
  timeoutMs?: number;
}

/** The page's own head elements, which go at the end of the document's head. */
export interface RenderedHead {
  /** Its <title>, <meta> and <link> elements, as HTML. */
  html: string;
  /** Whether they include a <title>: it then replaces the document's default one. */
  hasTitle: boolean;
  /** Whether they include a meta description: it then replaces the document's default one. */
  hasDescription: boolean;
}

export type PageRenderResult =
  | {
      kind: 'rendered';
      status: number;
      head: RenderedHead;
      /** What goes inside the root element. */
      body: string;
      /** The page state (JSON, safe inside a script element) the browser hydrates from. */
      state: string;
      /** The page's route; null for the 404 page. */
      route: WebRoutePath | null;
    }
  /** Not a server-rendered page: the gateway sends the shell and the browser renders it. */
  | { kind: 'shell'; status: number; route: WebRoutePath | null };

/** The id of the JSON script element that carries a rendered page's state. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * The page-state element's attribute where the gateway lists the page's own modules (space
 * separated), for the entry to ask for alongside the app once the page has painted.
 */
export const PAGE_MODULES_ATTRIBUTE = 'data-page-modules';
