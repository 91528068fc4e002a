import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { readPageState } from '@/app/ssr/page-state';
import { createQueryClient } from '@/lib/query-client';
import { SiteOriginProvider } from '@/lib/site-origin';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A page the server rendered comes with the data it was rendered from: hydrate it. Any other page
// arrives as the shell and is rendered here.
const pageState = container.hasChildNodes() ? readPageState(document) : null;
if (pageState) {
  const queryClient = createQueryClient();
  hydrate(queryClient, pageState.queries);
  // Hydrated at once, not in a transition: a link clicked while a transition hydrates the page is
  // swallowed (React neither follows it nor lets the browser do so), which a slow phone hits.
  hydrateRoot(
    container,
    <StrictMode>
      <SiteOriginProvider origin={pageState.origin}>
        <AppProvider queryClient={queryClient} hydrating>
          <AppRouter />
        </AppProvider>
      </SiteOriginProvider>
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <SiteOriginProvider origin={window.location.origin}>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </SiteOriginProvider>
    </StrictMode>,
  );
}
