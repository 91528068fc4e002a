import { revenueStatuses } from '@jesus-walks/contracts/orders';
import { DollarSignIcon, PackageIcon, ShoppingCartIcon, UsersIcon } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import { useAdminUsers } from '../api/get-admin-users';
import { OVERVIEW_DAYS, useOrderStats } from '../api/get-order-stats';
import { ListStatus } from './list-status';
import { OrdersChart } from './orders-chart';

const count = (value: number | undefined) => (value === undefined ? '...' : String(value));

const revenueCaption = `Sum of ${revenueStatuses.join(', ')} orders; pending and cancelled ones are not counted.`;

/** One page of one user is enough: the answer's total is how many users there are. */
const userCountFilter = { search: '', role: '', page: 1, pageSize: 1 } as const;

/**
 * The four counts of SPEC.md section 2 and the last 30 days per day. Every figure is counted by
 * the server: no list is fetched whole to count it.
 */
export function OverviewTab() {
  const users = useAdminUsers(userCountFilter, { enabled: true }).data?.total;
  const stats = useOrderStats(OVERVIEW_DAYS);
  const figures = stats.data;
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
          value={figures ? `$${figures.revenue}` : '...'}
          caption={revenueCaption}
        />
      </div>
      <ListStatus
        loading={false}
        error={figures ? null : stats.error}
        loadingText=""
        errorPrefix="Error loading order figures"
      />
      {figures ? <OrdersChart perDay={figures.perDay} /> : null}
    </section>
  );
}
