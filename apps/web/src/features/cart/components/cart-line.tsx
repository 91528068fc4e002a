import { DEFAULT_PRODUCT_IMAGE_URL } from '@jesus-walks/contracts/constants';
import { MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { Input } from '@/components/ui/input';
import { canDecrease, canIncrease, parseTypedQuantity, quantityLimits } from '@/lib/cart/cart-quantity';
import { type CartItem, roundMoney } from '@/lib/cart/cart-reducer';
import { formatPrice } from '@/lib/format';

interface CartLineProps {
  item: CartItem;
  /** Why the line cannot be bought as it is right now (availability-note.ts), or null. */
  availability?: string | null;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * One cart line (SPEC.md section 4): quantity from 1 to the product's stock; minus disabled at 1,
 * plus at the stock; a typed value outside the range is ignored (the field shows the real
 * quantity again when it loses focus).
 */
export function CartLine({ item, availability = null, onQuantityChange, onRemove }: CartLineProps) {
  const limits = quantityLimits(item);
  const nameId = useId();
  // What the field shows while being typed in; null when it shows the quantity itself.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <Card className="flex gap-4 p-4 sm:gap-5" aria-labelledby={nameId} role="group">
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-secondary sm:size-28">
        <ImageWithFallback
          src={item.imageUrl}
          fallbackSrc={DEFAULT_PRODUCT_IMAGE_URL}
          alt={item.name}
          width={112}
          height={112}
          decoding="async"
          className="size-full object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={nameId} className="font-semibold leading-snug">
              {item.name}
            </h3>
            {item.description ? (
              <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
            ) : null}
            <p className="mt-1 text-sm font-medium tabular-nums text-primary">{formatPrice(item.price)}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-1 shrink-0 text-muted-foreground hover:text-destructive"
            aria-label={`Remove ${item.name}`}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-1.5">
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label={`Decrease quantity of ${item.name}`}
              disabled={!canDecrease(item.quantity, limits)}
              onClick={() => onQuantityChange(item.quantity - 1)}
            >
              <MinusIcon aria-hidden="true" />
            </Button>
            <Input
              type="number"
              inputMode="numeric"
              min={limits.min}
              max={limits.max}
              step={1}
              value={draft ?? String(item.quantity)}
              aria-label={`Quantity of ${item.name}`}
              onChange={(event) => {
                const raw = event.target.value;
                const next = parseTypedQuantity(raw, limits);
                if (next !== null) {
                  setDraft(null);
                  if (next !== item.quantity) onQuantityChange(next);
                } else if (raw.trim() === '') {
                  // Let the field be cleared to type a new number; the quantity stays until then.
                  setDraft('');
                }
              }}
              onBlur={() => setDraft(null)}
              className="h-9 w-16 px-1 text-center tabular-nums"
            />
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label={`Increase quantity of ${item.name}`}
              disabled={!canIncrease(item.quantity, limits)}
              onClick={() => onQuantityChange(item.quantity + 1)}
            >
              <PlusIcon aria-hidden="true" />
            </Button>
            {limits.max !== undefined && item.quantity >= limits.max ? (
              <span className="ml-1 text-xs text-muted-foreground">Max {limits.max}</span>
            ) : null}
          </div>
          <p className="font-semibold tabular-nums">{formatPrice(roundMoney(item.price * item.quantity))}</p>
        </div>
        {availability ? (
          <p
            className="text-sm font-medium text-destructive"
            role="status"
            data-testid="cart-line-availability"
          >
            {availability}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
