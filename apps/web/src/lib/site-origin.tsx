import { createContext, type ReactNode, use } from 'react';

/**
 * The site's public origin for absolute URLs in the head (canonical, Open Graph, structured data).
 * A page rendered by the server uses the configured PUBLIC_ORIGIN and hands it to the browser with
 * the page, so the hydrated head says exactly what the server sent.
 */
const SiteOriginContext = createContext<string | null>(null);

export function SiteOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  return <SiteOriginContext value={origin}>{children}</SiteOriginContext>;
}

export function useSiteOrigin(): string {
  return use(SiteOriginContext) ?? window.location.origin;
}
