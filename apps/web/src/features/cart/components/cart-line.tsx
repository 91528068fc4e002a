import { ImageIcon, MinusIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import type { CartItem } from '@/lib/cart/cart-reducer';
import { formatPrice } from '@/lib/format';

interface CartLineProps {
  item: CartItem;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/** One cart line. Quantity stays between 1 and the product's stock; other typed values are ignored. */
export function CartLine({ item, onQuantityChange, onRemove }: CartLineProps) {
  const max = item.stock !== undefined && item.stock > 0 ? item.stock : undefined;
  const canIncrease = max === undefined || item.quantity < max;

  return (
    <Card className="flex gap-4 p-4">
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-secondary sm:size-24">
        {item.imageUrl ? (
          <img
            src={item.imageUrl}
            alt={item.name}
            width={96}
            height={96}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted-foreground">
            <ImageIcon aria-hidden="true" className="size-6" />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-semibold leading-snug">{item.name}</h3>
            {item.description ? (
              <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
            ) : null}
            <p className="mt-1 text-sm font-medium text-primary">{formatPrice(item.price)}</p>
          </div>
          <Button variant="ghost" size="icon" aria-label={`Remove ${item.name}`} onClick={onRemove}>
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-1.5">
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label={`Decrease quantity of ${item.name}`}
              disabled={item.quantity <= 1}
              onClick={() => onQuantityChange(item.quantity - 1)}
            >
              <MinusIcon aria-hidden="true" />
            </Button>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={item.quantity}
              aria-label={`Quantity of ${item.name}`}
              onChange={(event) => {
                const next = Number(event.target.value);
                if (Number.isInteger(next) && next >= 1 && (max === undefined || next <= max)) {
                  onQuantityChange(next);
                }
              }}
              className="h-9 w-14 px-1 text-center tabular-nums"
            />
            <Button
              variant="outline"
              size="icon"
              className="size-9"
              aria-label={`Increase quantity of ${item.name}`}
              disabled={!canIncrease}
              onClick={() => onQuantityChange(item.quantity + 1)}
            >
              <PlusIcon aria-hidden="true" />
            </Button>
          </div>
          <p className="font-semibold tabular-nums">{formatPrice(item.price * item.quantity)}</p>
        </div>
      </div>
    </Card>
  );
}
