import { CircleAlertIcon, CircleCheckIcon, ExternalLinkIcon, RefreshCwIcon, SendIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getServerMessage } from '@/lib/api-client';
import { useRefreshSearchAnalytics } from '../api/refresh-search-analytics';
import { useSubmitSitemap } from '../api/submit-sitemap';

function Failure({ title, error }: { title: string; error: unknown }) {
  const detail = getServerMessage(error);
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      {detail ? <AlertDescription className="break-words">{detail}</AlertDescription> : null}
    </Alert>
  );
}

/** Why the buttons that need Google are off while Search Console is not configured. */
export const NEEDS_SEARCH_CONSOLE =
  'Submitting the sitemap and refreshing data need Search Console: they are off until it is configured on the server.';

/**
 * 'Submit Sitemap to Google' (the server's message in an alert; 'Failed to submit sitemap'),
 * 'View Sitemap' (a new tab) and 'Refresh Data' (fetches the period from Google now). A refresh
 * that Google refuses says why (an expired key, a property not shared): the admin can act on it.
 * While Search Console is 'Not Configured' the two that need Google are disabled and say why;
 * while its status is unknown (loading, or not loaded) they stay on and the server answers.
 */
export function QuickActions({ days, configured }: { days: number; configured?: boolean | undefined }) {
  const submit = useSubmitSitemap();
  const refresh = useRefreshSearchAnalytics(days);
  const notConfigured = configured === false;
  const reason = notConfigured ? { 'aria-describedby': 'quick-actions-not-configured' } : {};
  return (
    <Card className="grid min-w-0 content-start gap-4 p-5">
      <h2 className="font-semibold">Quick Actions</h2>
      <div className="flex flex-wrap gap-2">
        <Button
          className="w-full sm:w-auto"
          onClick={() => submit.mutate()}
          disabled={submit.isPending || notConfigured}
          {...reason}
        >
          <SendIcon aria-hidden="true" />
          {submit.isPending ? 'Submitting...' : 'Submit Sitemap to Google'}
        </Button>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a href="/sitemap.xml" target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon aria-hidden="true" />
            View Sitemap
          </a>
        </Button>
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          onClick={() => refresh.mutate()}
          disabled={refresh.isPending || notConfigured}
          {...reason}
        >
          <RefreshCwIcon aria-hidden="true" className={refresh.isPending ? 'animate-spin' : undefined} />
          {refresh.isPending ? 'Refreshing...' : 'Refresh Data'}
        </Button>
      </div>
      {notConfigured ? (
        <p id="quick-actions-not-configured" className="text-sm text-muted-foreground">
          {NEEDS_SEARCH_CONSOLE}
        </p>
      ) : null}
      {submit.isSuccess ? (
        <Alert variant="success">
          <CircleCheckIcon aria-hidden="true" />
          <AlertDescription className="break-words">{submit.data.message}</AlertDescription>
        </Alert>
      ) : null}
      {submit.isError ? <Failure title="Failed to submit sitemap" error={submit.error} /> : null}
      {refresh.isError ? <Failure title="Failed to refresh data" error={refresh.error} /> : null}
    </Card>
  );
}
