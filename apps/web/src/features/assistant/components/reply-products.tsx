import { ShoppingCartIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAddToCart } from '@/lib/cart/use-add-to-cart';
import { formatPrice } from '@/lib/format';
import { type Product, useProducts } from '@/lib/products/get-products';

/** Most products offered under one answer. */
const MAX_OFFERED = 3;

/**
 * 'Add to Cart' for the products an answer links to (/shop#product-{id}), with the catalog's live
 * price and stock: a product that is gone or sold out is not offered.
 */
export function ReplyProducts({ productIds }: { productIds: readonly number[] }) {
  const { data: products } = useProducts();
  const handleAdd = useAddToCart();
  const offered = productIds
    .map((id) => products?.find((product) => product.id === id))
    .filter((product): product is Product => product !== undefined && product.stock > 0)
    .slice(0, MAX_OFFERED);
  if (offered.length === 0) return null;

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
