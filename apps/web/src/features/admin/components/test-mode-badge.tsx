import { TEST_MODE_LABEL } from '@jesus-walks/contracts/orders';
import { Badge } from '@/components/ui/badge';

/** 'Test mode': paid through the built-in sandbox, so no real money was taken. */
export function TestModeBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={className} title="Paid through the built-in sandbox: no real money">
      {TEST_MODE_LABEL}
    </Badge>
  );
}
