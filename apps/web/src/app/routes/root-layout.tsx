import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageShell } from '@/components/layout/page-shell';
import { PageSkeleton } from '@/components/layout/page-skeleton';
import { OptionalBoundary } from '@/components/optional-boundary';
import { useCurrentUser } from '@/lib/current-user';
import { useLogout } from '@/lib/logout';
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

/** Every page: the shell with the current user's header, the lazily loaded page and the dialog. */
export function RootLayout() {
  const currentUser = useCurrentUser();
  const logout = useLogout();
  // undefined while asking, so the header shows a placeholder instead of flashing "Login".
  const user = currentUser.isPending ? undefined : (currentUser.data ?? null);

  return (
    <>
      <PageShell user={user} onLogout={() => logout.mutate()} isLoggingOut={logout.isPending}>
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
