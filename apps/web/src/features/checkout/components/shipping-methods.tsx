import { deliveryText, type ShippingMethod, type ShippingRate } from '@jesus-walks/contracts/shipping';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';

interface ShippingMethodsProps {
  /** False until country, state and postal code are valid. */
  hasDestination: boolean;
  rates: ShippingRate[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selected: ShippingMethod | null;
  onSelect: (rate: ShippingRate) => void;
}

export function isSameMethod(a: ShippingMethod | null, b: ShippingMethod): boolean {
  if (!a) return false;
  if (a.id !== undefined && b.id !== undefined) return a.id === b.id;
  return a.carrier === b.carrier && a.service === b.service;
}

/** The methods that serve the address: carrier and service, price and delivery time. */
export function ShippingMethods({
  hasDestination,
  rates,
  isLoading,
  isError,
  onRetry,
  selected,
  onSelect,
}: ShippingMethodsProps) {
  let body: React.ReactNode;
  if (!hasDestination) {
    body = (
      <p className="text-sm text-muted-foreground">
        Enter your state, postal code and country to see the shipping methods for your address.
      </p>
    );
  } else if (isLoading && !rates) {
    body = (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only">Finding shipping methods...</span>
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  } else if (isError && !rates) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p className="text-destructive">Shipping methods could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  } else if (!rates || rates.length === 0) {
    body = <p className="text-sm text-muted-foreground">We do not ship to this address yet.</p>;
  } else {
    body = (
      <div className={cn('grid gap-2', isLoading && 'opacity-70')}>
        {rates.map((rate) => {
          const checked = isSameMethod(selected, rate);
          return (
            <label
              key={rate.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border border-border bg-card px-4 py-3 transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked && 'border-primary bg-secondary/60',
              )}
            >
              <input
                type="radio"
                name="shipping-method"
                value={rate.id}
                checked={checked}
                onChange={() => onSelect(rate)}
                className="size-4 accent-primary"
              />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-medium">
                  {rate.carrier} {rate.service}
                </span>
                <span className="text-sm text-muted-foreground">{deliveryText(rate.estimatedDays)}</span>
              </span>
              <span className="font-semibold tabular-nums">{formatPrice(rate.rate)}</span>
            </label>
          );
        })}
      </div>
    );
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-base font-semibold">Shipping method</legend>
      {body}
    </fieldset>
  );
}
