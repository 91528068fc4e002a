import { CircleAlertIcon, CircleCheckIcon, RefreshCwIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useHeadCheck } from '../api/get-head-check';

/**
 * What each public page's head lacks as the site serves it (the seo service fetches them from the
 * public origin): missing description, duplicate titles, missing structured data.
 */
export function HeadCheckCard() {
  const check = useHeadCheck();
  const pages = check.data?.pages ?? [];
  const withProblems = pages.filter((page) => page.problems.length > 0);
  return (
    <Card className="grid min-w-0 gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Page heads</h2>
        <Button variant="outline" size="sm" onClick={() => check.refetch()} disabled={check.isFetching}>
          <RefreshCwIcon aria-hidden="true" className={check.isFetching ? 'animate-spin' : undefined} />
          {check.isFetching ? 'Checking...' : 'Check again'}
        </Button>
      </div>
      {check.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Checking the public pages...
        </p>
      ) : check.isError ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertDescription>The pages could not be checked: {check.error.message}</AlertDescription>
        </Alert>
      ) : withProblems.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-success">
          <CircleCheckIcon aria-hidden="true" className="size-4" />
          All {pages.length} public pages have a title, a description and their structured data.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {withProblems.length} of {pages.length} public pages have problems in their head.
          </p>
          <ul className="grid gap-3">
            {withProblems.map((page) => (
              <li
                key={page.path}
                className="grid min-w-0 gap-1 rounded-md border border-border p-3"
                data-head-page={page.path}
              >
                <a
                  href={page.path}
                  className="min-w-0 font-medium break-all underline-offset-4 hover:underline"
                >
                  {page.path}
                </a>
                {page.title ? (
                  <p className="text-xs break-words text-muted-foreground">Title: {page.title}</p>
                ) : null}
                <ul className="list-disc pl-5 text-sm">
                  {page.problems.map((problem) => (
                    <li key={`${problem.code}-${problem.message}`} className="break-words">
                      {problem.message}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
