import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface EmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** h1 when the state is the whole page (its one main heading); h2 inside a page that has one. */
  headingLevel?: 1 | 2;
}

/** A centred card for "nothing here yet" states. */
export function EmptyState({ icon: Icon, title, children, actions, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <Heading className="font-serif text-2xl font-semibold">{title}</Heading>
      {children ? <div className="max-w-md text-muted-foreground">{children}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </Card>
  );
}
