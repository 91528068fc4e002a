import { hydrate } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import type { PageState } from '@/app/ssr/page-state';
import { createQueryClient } from '@/lib/query-client';
import { SiteOriginProvider } from '@/lib/site-origin';

/**
 * Starts the app in #root: hydrates a page the server rendered, from the data it was rendered
 * from, or renders any other page (it arrived as the shell).
 */
export function startApp(container: HTMLElement, pageState: PageState | null): void {
  const queryClient = createQueryClient();
  if (pageState) hydrate(queryClient, pageState.queries);
  // The router sits in a Suspense boundary (as in entry-server.tsx): React hydrates what is inside
  // one in slices of a few milliseconds, yielding to the browser between them, instead of in one
  // long task; a click inside is hydrated first and then delivered (selective hydration). Hydrated
  // at once, not in a transition: a link clicked while a transition hydrates the page is swallowed
  // (React neither follows it nor lets the browser do so), which a slow phone hits.
  const app = (
    <StrictMode>
      <SiteOriginProvider origin={pageState?.origin ?? window.location.origin}>
        <AppProvider queryClient={queryClient}>
          <Suspense fallback={null}>
            <AppRouter hydrating={pageState !== null} />
          </Suspense>
        </AppProvider>
      </SiteOriginProvider>
    </StrictMode>
  );
  if (pageState) hydrateRoot(container, app);
  else createRoot(container).render(app);
}
