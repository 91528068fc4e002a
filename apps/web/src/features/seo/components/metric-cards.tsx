import { EyeIcon, HashIcon, type LucideIcon, MousePointerClickIcon, PercentIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';
import type { SearchAnalytics } from '../api/get-search-analytics';
import { formatCount, formatCtr, formatPosition } from '../utils/format';

function MetricCard({
  icon: Icon,
  label,
  value,
  caption,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  caption: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      <p className="truncate text-3xl font-semibold tabular-nums" data-metric={label}>
        {value}
      </p>
      <p className="text-xs text-muted-foreground">{caption}</p>
    </Card>
  );
}

/** Total Clicks (last N days), Impressions, Average CTR (%), Avg. Position (#). */
export function MetricCards({ analytics }: { analytics: SearchAnalytics }) {
  const { metrics, periodDays } = analytics;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <MetricCard
        icon={MousePointerClickIcon}
        label="Total Clicks"
        value={formatCount(metrics.totalClicks)}
        caption={`Last ${periodDays} days`}
      />
      <MetricCard
        icon={EyeIcon}
        label="Impressions"
        value={formatCount(metrics.totalImpressions)}
        caption="Times the site appeared in results"
      />
      <MetricCard
        icon={PercentIcon}
        label="Average CTR"
        value={formatCtr(metrics.avgCtr)}
        caption="Clicks per impression (%)"
      />
      <MetricCard
        icon={HashIcon}
        label="Avg. Position"
        value={`#${formatPosition(metrics.avgPosition)}`}
        caption="Average rank in Google results"
      />
    </div>
  );
}
