import { Skeleton } from '@/components/ui/skeleton';
import { Container } from './container';

/**
 * Suspense fallback while a page's code loads. It fills the space a page takes so that the footer
 * does not jump up and back down.
 */
export function PageSkeleton() {
  return (
    <div role="status" className="flex min-h-[70vh] flex-1 flex-col">
      <span className="sr-only">Loading page…</span>
      <div className="border-b border-border bg-secondary/40">
        <Container className="grid gap-3 py-10 md:py-14">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-2/3 max-w-md" />
          <Skeleton className="h-4 w-full max-w-xl" />
        </Container>
      </div>
      <Container className="grid gap-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="hidden h-40 lg:block" />
      </Container>
    </div>
  );
}
