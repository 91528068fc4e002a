import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { pluralNoun } from '@/lib/format';

/** The cart's unit count, shown only when above zero. */
export function CartCountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <Badge variant="accent" data-testid="cart-count" className={cn('min-w-5 px-1.5 tabular-nums', className)}>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {pluralNoun(count, { one: 'item', other: 'items' })}</span>
    </Badge>
  );
}
