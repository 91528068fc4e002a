import { AlertTriangleIcon, PackageOpenIcon, RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** 'Loading products...' over placeholder cards shaped like the grid. */
export function ProductsLoading() {
  return (
    <div className="grid gap-6" role="status" aria-live="polite">
      <p className="text-sm font-medium text-muted-foreground">Loading products...</p>
      <div aria-hidden="true" className="grid gap-6 sm:grid-cols-2 md:grid-cols-3">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key, index) => (
          <Card key={key} className={index >= 3 ? 'hidden overflow-hidden md:block' : 'overflow-hidden'}>
            <Skeleton className="aspect-[4/3] rounded-none" />
            <div className="grid gap-3 p-5">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
              <Skeleton className="mt-2 h-10 w-full" />
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}

interface StatusCardProps {
  icon: typeof AlertTriangleIcon;
  title: string;
  tone?: 'default' | 'error';
  children: ReactNode;
  actions: ReactNode;
}

function StatusCard({ icon: Icon, title, tone = 'default', children, actions }: StatusCardProps) {
  return (
    <Card
      role={tone === 'error' ? 'alert' : 'status'}
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-6 py-12 text-center"
    >
      <span
        className={
          tone === 'error'
            ? 'inline-flex size-14 items-center justify-center rounded-full bg-red-50 text-destructive'
            : 'inline-flex size-14 items-center justify-center rounded-full bg-secondary text-primary'
        }
      >
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="font-serif text-2xl font-semibold">{title}</h2>
      <div className="max-w-md text-muted-foreground">{children}</div>
      <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>
    </Card>
  );
}

interface ProductsErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

/** The spec's error card: 'Try Again' refetches, 'Refresh Page' reloads. */
export function ProductsError({ onRetry, retrying }: ProductsErrorProps) {
  return (
    <StatusCard
      icon={AlertTriangleIcon}
      title="Error Loading Products"
      tone="error"
      actions={
        <>
          <Button onClick={onRetry} disabled={retrying}>
            <RotateCcwIcon aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
            Try Again
          </Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCwIcon aria-hidden="true" />
            Refresh Page
          </Button>
        </>
      }
    >
      <p>Failed to load products</p>
      <p className="mt-1 text-sm">Please check your connection and try again.</p>
    </StatusCard>
  );
}

interface ProductsEmptyProps {
  onRefresh: () => void;
  refreshing: boolean;
}

export function ProductsEmpty({ onRefresh, refreshing }: ProductsEmptyProps) {
  return (
    <StatusCard
      icon={PackageOpenIcon}
      title="No Products Available"
      actions={
        <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
          <RefreshCwIcon aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
          Refresh
        </Button>
      }
    >
      <p>Check back soon for new products!</p>
    </StatusCard>
  );
}
