import { EyeIcon, HashIcon, MousePointerClickIcon, PercentIcon } from 'lucide-react';
import { StatCard } from '@/components/ui/stat-card';
import type { SearchAnalytics } from '../api/get-search-analytics';
import { formatCount, formatCtr, formatPosition } from '../utils/format';

/** Total Clicks (last N days), Impressions, Average CTR (%), Avg. Position (#). */
export function MetricCards({ analytics }: { analytics: SearchAnalytics }) {
  const { metrics, periodDays } = analytics;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        icon={MousePointerClickIcon}
        label="Total Clicks"
        value={formatCount(metrics.totalClicks)}
        caption={`Last ${periodDays} days`}
      />
      <StatCard
        icon={EyeIcon}
        label="Impressions"
        value={formatCount(metrics.totalImpressions)}
        caption="Times the site appeared in results"
      />
      <StatCard
        icon={PercentIcon}
        label="Average CTR"
        value={formatCtr(metrics.avgCtr)}
        caption="Clicks per impression (%)"
      />
      <StatCard
        icon={HashIcon}
        label="Avg. Position"
        value={`#${formatPosition(metrics.avgPosition)}`}
        caption="Average rank in Google results"
      />
    </div>
  );
}
