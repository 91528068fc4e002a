import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { Button } from '@/components/ui/button';

/**
 * Shown when a page throws while rendering or its code fails to load (typically after a deploy
 * replaced the chunk files); reloading fetches the new build.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;

  return (
    <>
      <title>Something went wrong</title>
      <Container className="flex min-h-[60vh] flex-1 flex-col items-center justify-center gap-5 py-20 text-center">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-red-50 text-destructive">
          <TriangleAlertIcon aria-hidden="true" className="size-8" />
        </span>
        <h1 className="font-serif text-3xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">
          This page could not be shown. Reloading usually helps.
        </p>
        {detail ? <p className="max-w-md text-sm text-muted-foreground">{detail}</p> : null}
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => window.location.reload()}>
            <RotateCwIcon aria-hidden="true" />
            Reload Page
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href="/">Back to Home</a>
          </Button>
        </div>
      </Container>
    </>
  );
}
