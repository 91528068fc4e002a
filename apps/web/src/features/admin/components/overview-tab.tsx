import { DollarSignIcon, type LucideIcon, PackageIcon, ShoppingCartIcon, UsersIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useOrders } from '../api/get-orders';
import { useProducts } from '../api/get-products';
import { useUsers } from '../api/get-users';
import { computeRevenue } from '../utils/revenue';

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

export function OverviewTab() {
  const users = useUsers({ enabled: true }).data?.length;
  const orderList = useOrders({ enabled: true }).data;
  const orders = orderList?.length;
  const products = useProducts({ enabled: true }).data?.length;
  const revenue = orderList ? computeRevenue(orderList) : undefined;
  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard icon={UsersIcon} label="Total Users" value={count(users)} />
        <StatCard icon={ShoppingCartIcon} label="Total Orders" value={count(orders)} />
        <StatCard icon={PackageIcon} label="Total Products" value={count(products)} />
        <StatCard
          icon={DollarSignIcon}
          label="Revenue"
          value={revenue === undefined ? '...' : `$${revenue}`}
          caption="Paid, processing, shipped and delivered orders; pending and cancelled ones are not counted."
        />
      </div>
    </section>
  );
}
