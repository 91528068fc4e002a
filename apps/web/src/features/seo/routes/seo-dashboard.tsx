import { DEFAULT_ANALYTICS_DAYS } from '@jesus-walks/contracts/seo';
import { ArrowLeftIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { adminGate } from '@/components/admin-gate/admin-gate';
import { AdminGateScreen } from '@/components/admin-gate/admin-gate-screen';
// The same gate as /admin (SPEC.md section 2): the dashboard's gate states and screens.
import { useDashboardUser } from '@/components/admin-gate/get-dashboard-user';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { SearchAnalytics } from '../api/get-search-analytics';
import { useSearchAnalytics } from '../api/get-search-analytics';
import { useSearchConsoleStatus } from '../api/get-search-console-status';
import { DailyChart } from '../components/daily-chart';
import { HeadCheckCard } from '../components/head-check-card';
import { MetricCards } from '../components/metric-cards';
import { QuickActions } from '../components/quick-actions';
import { SearchConsoleStatusCard } from '../components/search-console-status-card';
import { TopRowsTabs } from '../components/top-rows-tabs';

/** The period shown: 30 days, with no control to change it (SPEC.md section 2). */
const DAYS = DEFAULT_ANALYTICS_DAYS;

/** Figures stored for the period, or nothing yet: 'No metrics available' until a refresh. */
export function AnalyticsSection({ analytics }: { analytics: SearchAnalytics | undefined }) {
  if (!analytics || analytics.fetchedAt === null) {
    return (
      <Card className="p-5">
        <p className="text-center text-sm text-muted-foreground">
          No metrics available. Click "Refresh Data" to load analytics.
        </p>
      </Card>
    );
  }
  return (
    <div className="grid min-w-0 gap-6">
      <MetricCards analytics={analytics} />
      <DailyChart days={analytics.daily} />
      <TopRowsTabs topPages={analytics.topPages} topQueries={analytics.topQueries} />
      <p className="text-xs text-muted-foreground">
        Fetched from Google {new Date(analytics.fetchedAt).toLocaleString('en-US')}.
      </p>
    </div>
  );
}

function SeoDashboard() {
  const status = useSearchConsoleStatus();
  const analytics = useSearchAnalytics(DAYS);
  // Load failures are only logged (SPEC.md section 8): the cards show what is known.
  useEffect(() => {
    if (status.error) console.warn('Search Console status not loaded', status.error);
  }, [status.error]);
  useEffect(() => {
    if (analytics.error) console.warn('Search analytics not loaded', analytics.error);
  }, [analytics.error]);
  return (
    <>
      <PageHeader
        title="SEO Dashboard"
        eyebrow="Administration"
        actions={
          <Button asChild variant="outline">
            <Link to="/admin">
              <ArrowLeftIcon aria-hidden="true" />
              Admin Dashboard
            </Link>
          </Button>
        }
      />
      <Container className="grid min-w-0 gap-6 py-8 md:py-10">
        <div className="grid min-w-0 gap-4 md:grid-cols-2">
          <SearchConsoleStatusCard status={status.data} pending={status.isPending} />
          <QuickActions days={DAYS} configured={status.data?.enabled} />
        </div>
        {analytics.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading analytics...
          </p>
        ) : (
          <AnalyticsSection analytics={analytics.data} />
        )}
        <HeadCheckCard />
      </Container>
    </>
  );
}

export function SeoDashboardRoute() {
  const currentUser = useDashboardUser();
  const gate = adminGate(currentUser);
  return (
    <>
      <title>SEO Dashboard</title>
      <meta name="robots" content="noindex" />
      {gate === 'admin' ? <SeoDashboard /> : <AdminGateScreen gate={gate} />}
    </>
  );
}
