import { fromCents, toCents } from '@jesus-walks/contracts/money';
import { revenueStatuses } from '@jesus-walks/contracts/orders';
import { DollarSignIcon, FlaskConicalIcon, PackageIcon, ShoppingCartIcon, UsersIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { StatCard } from '@/components/ui/stat-card';
import { useAdminUsers } from '../api/get-admin-users';
import { type OrderStats, OVERVIEW_DAYS, useOrderStats } from '../api/get-order-stats';
import { useWalkStats, type WalkStats } from '../api/get-walk-stats';
import { overviewDays } from '../utils/order-chart';
import { ListStatus } from './list-status';
import { OrdersChart } from './orders-chart';

const count = (value: number | undefined) => (value === undefined ? '...' : String(value));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const countedText = `${revenueStatuses.join(', ')} orders and walk seats paid at checkout; pending, cancelled and test-mode ones are not counted.`;

/**
 * The Revenue card: the shop's and the paid walks' together, each named in the caption. Without the
 * walks' figures (not loaded) it is the shop's alone, and says so.
 */
export function revenueFigures(
  shop: Pick<OrderStats, 'revenue'>,
  walks: Pick<WalkStats, 'revenue'> | undefined,
): { value: string; caption: string } {
  if (!walks) {
    return {
      value: `$${shop.revenue}`,
      caption: `Shop only: the walks' figures could not be loaded. Sum of ${countedText}`,
    };
  }
  return {
    value: `$${fromCents(toCents(shop.revenue) + toCents(walks.revenue))}`,
    caption: `Shop $${shop.revenue} + walks $${walks.revenue}. Sum of ${countedText}`,
  };
}

/** What the built-in sandbox took, said apart from the figures (none of it is real money). */
export function testModeText(
  shop: Pick<OrderStats, 'testMode'>,
  walks: Pick<WalkStats, 'testMode'> | undefined,
): string | null {
  const parts = [
    shop.testMode.count > 0
      ? `${plural(shop.testMode.count, 'order', 'orders')} ($${shop.testMode.revenue})`
      : null,
    walks && walks.testMode.count > 0
      ? `${plural(walks.testMode.count, 'walk seat', 'walk seats')} ($${walks.testMode.revenue})`
      : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return `${parts.join(' and ')} paid through the built-in sandbox: no real money was taken, so they are in none of the figures above or the chart.`;
}

/** One page of one user is enough: the answer's total is how many users there are. */
const userCountFilter = { search: '', role: '', page: 1, pageSize: 1 } as const;

/**
 * The four counts of SPEC.md section 2 and the last 30 days per day; Revenue is the shop's and the
 * paid walks' together. Every figure is counted by the server: no list is fetched whole to count it.
 */
export function OverviewTab() {
  const users = useAdminUsers(userCountFilter, { enabled: true }).data?.total;
  const stats = useOrderStats(OVERVIEW_DAYS);
  const walkStats = useWalkStats(OVERVIEW_DAYS);
  const figures = stats.data;
  const walks = walkStats.data;
  // The walks' figures are awaited for the revenue, unless they failed: then the shop's, said so.
  const walksSettled = walks !== undefined || walkStats.isError;
  const revenue = figures && walksSettled ? revenueFigures(figures, walks) : null;
  const testMode = figures && walksSettled ? testModeText(figures, walks) : null;
  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard icon={UsersIcon} label="Total Users" value={count(users)} />
        <StatCard icon={ShoppingCartIcon} label="Total Orders" value={count(figures?.totalOrders)} />
        <StatCard icon={PackageIcon} label="Total Products" value={count(figures?.totalProducts)} />
        <StatCard
          icon={DollarSignIcon}
          label="Revenue"
          value={revenue?.value ?? '...'}
          {...(revenue ? { caption: revenue.caption } : {})}
        />
      </div>
      {testMode ? (
        <Alert role="note" data-test-mode-figures>
          <FlaskConicalIcon aria-hidden="true" />
          <AlertTitle>Test mode, not counted</AlertTitle>
          <AlertDescription>{testMode}</AlertDescription>
        </Alert>
      ) : null}
      <ListStatus
        loading={false}
        error={figures ? null : stats.error}
        loadingText=""
        errorPrefix="Error loading order figures"
      />
      <ListStatus
        loading={false}
        error={walks ? null : walkStats.error}
        loadingText=""
        errorPrefix="Error loading walk figures"
      />
      {figures && walksSettled ? (
        <OrdersChart days={overviewDays(figures.perDay, walks?.perDay)} walks={walks !== undefined} />
      ) : null}
    </section>
  );
}
