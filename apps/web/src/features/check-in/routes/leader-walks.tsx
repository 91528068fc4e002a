import { ChevronRightIcon, LoaderCircleIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';
import { Badge } from '@/components/ui/badge';
import { loginPathReturningTo } from '@/features/auth/utils/post-login-path';
import { useCurrentUser } from '@/lib/current-user';
import { formatEventDate, formatEventTime } from '@/lib/events/event-format';
import { useLeaderWalks } from '../api/get-leader-walks';

/** /lead: the walks the member leads (every walk for an admin), each to its check-in page. */
export function LeaderWalksRoute() {
  const currentUser = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const anonymous = !currentUser.isPending && currentUser.data === null;
  useEffect(() => {
    if (anonymous) navigate(loginPathReturningTo(location.pathname), { replace: true });
  }, [anonymous, navigate, location.pathname]);
  const walks = useLeaderWalks(Boolean(currentUser.data));

  return (
    <>
      <PageHead
        title="Walks I lead"
        description="Check-in lists of the walks you lead."
        path="/lead"
        noindex
      />
      <PageHeader
        eyebrow="Leaders"
        title="Walks I lead"
        description="Open a walk's check-in list before you leave: it stays on your phone."
      />
      <Container className="max-w-xl py-6">
        {walks.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircleIcon className="size-5 animate-spin" aria-hidden="true" />
            {anonymous ? 'Taking you to the login page…' : 'Loading your walks…'}
          </p>
        ) : walks.isError ? (
          <p role="alert">Your walks could not be loaded. Please check your connection and try again.</p>
        ) : walks.data.length === 0 ? (
          <p>You are not leading any walks. An admin can make you the leader of a walk.</p>
        ) : (
          <ul className="space-y-2">
            {walks.data.map((walk) => (
              <li key={walk.id}>
                <Link
                  to={`/lead/walks/${walk.id}/check-in`}
                  className="flex min-h-16 items-center gap-3 rounded-lg border bg-card px-3 py-2 hover:bg-muted"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{walk.title}</span>
                    <span className="block text-sm text-muted-foreground">
                      {formatEventDate(walk.date)} · {formatEventTime(walk.date)}
                    </span>
                    <span className="block text-sm">
                      {walk.checkedIn} of {walk.expected} checked in
                    </span>
                  </span>
                  {walk.isCancelled ? (
                    <Badge variant="destructive">Cancelled</Badge>
                  ) : walk.isPast ? (
                    <Badge variant="secondary">Past</Badge>
                  ) : null}
                  <ChevronRightIcon className="size-5 shrink-0" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </>
  );
}
