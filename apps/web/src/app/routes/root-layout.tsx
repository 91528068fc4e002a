import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageShell } from '@/components/layout/page-shell';
import { PageSkeleton } from '@/components/layout/page-skeleton';
import { OptionalBoundary } from '@/components/optional-boundary';
import { useNewsletterDialogOpen } from '@/lib/newsletter-dialog-store';

const NewsletterDialog = lazy(() =>
  import('@/features/newsletter/components/newsletter-dialog').then((module) => ({
    default: module.NewsletterDialog,
  })),
);

/** Mounts the newsletter dialog the first time something opens it, so its code loads only then. */
function DeferredNewsletterDialog() {
  const open = useNewsletterDialogOpen();
  const [needed, setNeeded] = useState(open);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <OptionalBoundary name="Newsletter dialog">
      <Suspense fallback={null}>
        <NewsletterDialog />
      </Suspense>
    </OptionalBoundary>
  );
}

/**
 * Every page: the shell, the lazily loaded page and the dialog. The header's account area asks who
 * is logged in itself (useShellAccount), so the answer never renders this layout again.
 */
export function RootLayout() {
  return (
    <>
      <PageShell>
        {/* Navigations run in a transition, so this fallback only shows on the first load. */}
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </PageShell>
      <DeferredNewsletterDialog />
      <ScrollRestoration />
    </>
  );
}
