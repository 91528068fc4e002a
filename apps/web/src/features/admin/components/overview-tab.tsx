import { revenueStatuses } from '@jesus-walks/contracts/orders';
import { DollarSignIcon, type LucideIcon, PackageIcon, ShoppingCartIcon, UsersIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useAdminUsers } from '../api/get-admin-users';
import { OVERVIEW_DAYS, useOrderStats } from '../api/get-order-stats';
import { ListStatus } from './list-status';
import { OrdersChart } from './orders-chart';

function StatCard({
  icon: Icon,
  label,
  value,
  caption,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  caption?: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      <p className="truncate text-3xl font-semibold" data-stat={label}>
        {value}
      </p>
      {caption ? <p className="text-xs text-muted-foreground">{caption}</p> : null}
    </Card>
  );
}

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
