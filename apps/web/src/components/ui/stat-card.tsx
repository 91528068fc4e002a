import type { LucideIcon } from 'lucide-react';
import { Card } from './card';

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  value: string;
  caption?: string;
}

/** One figure with its label, icon and an optional caption (the dashboards' overview cards). */
export function StatCard({ icon: Icon, label, value, caption }: StatCardProps) {
  return (
    <Card className="flex min-w-0 flex-col gap-2 p-5">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
      <p className="truncate text-3xl font-semibold tabular-nums" data-stat={label}>
        {value}
      </p>
      {caption ? <p className="text-xs text-muted-foreground">{caption}</p> : null}
    </Card>
  );
}
