import { CircleCheckIcon, CircleOffIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { SearchConsoleStatus } from '../api/get-search-console-status';

/**
 * 'Connected' with the property tracked, or 'Not Configured' with what the server needs. A status
 * that could not be loaded shows neither (the failure is only logged, SPEC.md section 8).
 */
export function SearchConsoleStatusCard({
  status,
  pending = false,
}: {
  status: SearchConsoleStatus | undefined;
  pending?: boolean;
}) {
  return (
    <Card className="grid min-w-0 content-start gap-2 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="search-console-status-heading" className="font-semibold">
          Google Search Console
        </h2>
        {status === undefined ? (
          pending ? (
            <Badge variant="secondary">Checking...</Badge>
          ) : null
        ) : status.enabled ? (
          <Badge variant="success" className="gap-1 [&>svg]:size-3.5">
            <CircleCheckIcon aria-hidden="true" />
            Connected
          </Badge>
        ) : (
          <Badge variant="secondary" className="gap-1 [&>svg]:size-3.5">
            <CircleOffIcon aria-hidden="true" />
            Not Configured
          </Badge>
        )}
      </div>
      {status?.enabled ? (
        <p className="min-w-0 text-sm break-all text-muted-foreground">Tracking: {status.siteUrl}</p>
      ) : status ? (
        <p className="text-sm text-muted-foreground">
          Search Console needs a Google service account: configure its client email and private key on the
          server (GOOGLE_CLIENT_EMAIL and GOOGLE_PRIVATE_KEY).
        </p>
      ) : null}
    </Card>
  );
}
