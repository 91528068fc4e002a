import { CheckIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export type CheckoutStep = 'shipping' | 'payment';

const steps: { id: CheckoutStep; label: string }[] = [
  { id: 'shipping', label: 'Shipping' },
  { id: 'payment', label: 'Payment' },
];

/** '1 Shipping', '2 Payment' with the current step marked. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = steps.findIndex((step) => step.id === current);
  return (
    <ol aria-label="Checkout steps" className="flex items-center gap-3">
      {steps.map((step, index) => {
        const done = index < currentIndex;
        const active = index === currentIndex;
        return (
          <li key={step.id} className="flex items-center gap-3" aria-current={active ? 'step' : undefined}>
            <span
              className={cn(
                'inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold',
                active || done
                  ? 'bg-primary text-primary-foreground'
                  : 'bg-secondary text-secondary-foreground',
              )}
            >
              {done ? <CheckIcon aria-hidden="true" className="size-4" /> : null}
              <span className={done ? 'sr-only' : undefined}>{index + 1}</span>
            </span>
            <span className={cn('font-medium', !active && 'text-muted-foreground')}>{step.label}</span>
            {index < steps.length - 1 ? <span aria-hidden="true" className="h-px w-10 bg-border" /> : null}
          </li>
        );
      })}
    </ol>
  );
}
