import { DEFAULT_PRODUCT_IMAGE_URL } from '@jesus-walks/contracts/constants';
import { ShoppingCartIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { formatPrice } from '@/lib/format';
import type { Product } from '@/lib/products/get-products';

/** What can be bought at or below this shows a "few left" hint. */
const LOW_STOCK = 5;

interface ProductCardProps {
  product: Product;
  onAddToCart: (product: Product) => void;
  /** The first row loads eagerly; the rest when scrolled near. */
  priority?: boolean;
}

export function ProductCard({ product, onAddToCart, priority = false }: ProductCardProps) {
  // What a buyer can buy now: the stock less what open checkouts hold for a few minutes.
  const soldOut = product.available <= 0;
  const heldByOthers = soldOut && product.stock > 0;
  const headingId = `product-${product.id}-name`;
  return (
    <Card
      id={`product-${product.id}`}
      role="article"
      aria-labelledby={headingId}
      className="group flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-secondary">
        <ImageWithFallback
          src={product.imageUrl}
          fallbackSrc={DEFAULT_PRODUCT_IMAGE_URL}
          alt={product.name}
          width={400}
          height={300}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
        {product.category ? (
          <Badge variant="secondary" className="absolute top-3 left-3 bg-card/90 shadow-sm">
            {product.category}
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 id={headingId} className="font-serif text-lg leading-snug font-semibold">
          {product.name}
        </h2>
        <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{product.description}</p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-3">
          <p className="text-xl font-semibold tabular-nums text-primary">{formatPrice(product.price)}</p>
          {!soldOut && product.available <= LOW_STOCK ? (
            <p className="text-xs font-medium text-accent">Only {product.available} left</p>
          ) : heldByOthers ? (
            <p className="text-xs font-medium text-accent">
              Other shoppers are checking out with the last ones
            </p>
          ) : null}
        </div>
        <Button
          className="mt-2 w-full"
          disabled={soldOut}
          onClick={() => onAddToCart(product)}
          aria-describedby={headingId}
        >
          {soldOut ? null : <ShoppingCartIcon aria-hidden="true" />}
          {soldOut ? 'Out of Stock' : 'Add to Cart'}
        </Button>
      </div>
    </Card>
  );
}
