import { ShoppingCartIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { type Product, useProducts } from '@/features/shop/api/get-products';
import { useCart } from '@/lib/cart/cart-context';
import { formatPrice } from '@/lib/format';

/** Most products offered under one answer. */
const MAX_OFFERED = 3;

/**
 * 'Add to Cart' for the products an answer links to (/shop#product-{id}), with the catalog's live
 * price and stock: a product that is gone or sold out is not offered.
 */
export function ReplyProducts({ productIds }: { productIds: readonly number[] }) {
  const { data: products } = useProducts();
  const { addItem } = useCart();
  const offered = productIds
    .map((id) => products?.find((product) => product.id === id))
    .filter((product): product is Product => product !== undefined && product.stock > 0)
    .slice(0, MAX_OFFERED);
  if (offered.length === 0) return null;

  function handleAdd(product: Product) {
    const result = addItem(product);
    if (result === 'added') {
      toast({ title: 'Added to cart', description: `${product.name} is in your cart.` });
    } else {
      toast({
        variant: 'destructive',
        title: 'Failed to add item to cart',
        description:
          result === 'limit'
            ? `Your cart already holds all ${product.stock} in stock.`
            : 'This product cannot be added right now.',
      });
    }
  }

  return (
    <ul className="mt-2 grid gap-2 border-t border-border pt-2">
      {offered.map((product) => (
        <li key={product.id} className="flex flex-wrap items-center justify-between gap-2">
          <span className="min-w-0 text-sm">
            <span className="font-medium">{product.name}</span>{' '}
            <span className="tabular-nums text-muted-foreground">{formatPrice(product.price)}</span>
          </span>
          <Button size="sm" variant="accent" onClick={() => handleAdd(product)} data-add-product={product.id}>
            <ShoppingCartIcon aria-hidden="true" />
            Add to Cart
            <span className="sr-only">: {product.name}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}
