import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface EmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred card for "nothing here yet" states. */
export function EmptyState({ icon: Icon, title, children, actions }: EmptyStateProps) {
  return (
    <Card className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="font-serif text-2xl font-semibold">{title}</h2>
      {children ? <div className="max-w-md text-muted-foreground">{children}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </Card>
  );
}
