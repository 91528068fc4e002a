import { lazy, Suspense, useState } from 'react';
import { OptionalBoundary } from '@/components/optional-boundary';
import { useToast } from '@/components/ui/use-toast';

const ToasterContent = lazy(() =>
  import('@/components/ui/toaster-content').then((module) => ({ default: module.ToasterContent })),
);

/**
 * Mounted once, in the app provider. Radix Toast's code is fetched only when the first toast is
 * raised, which keeps it out of the first page load.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <OptionalBoundary name="Notifications">
      <Suspense fallback={null}>
        <ToasterContent />
      </Suspense>
    </OptionalBoundary>
  );
}
