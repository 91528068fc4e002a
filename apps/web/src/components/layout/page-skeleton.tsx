import { Skeleton } from '@/components/ui/skeleton';
import { Container } from './container';

/**
 * Suspense fallback while a page's code loads. It is at least a screen tall, so the footer stays
 * below the fold instead of showing and then jumping down (layout shift), and it fades in late.
 */
export function PageSkeleton() {
  return (
    <div role="status" className="flex min-h-[calc(100dvh-4rem)] flex-1 animate-appear-late flex-col">
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
