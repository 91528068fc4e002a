/** What the shop says of a product: units on the shelf, and those a buyer can buy now. */
export interface ProductAvailability {
  stock: number;
  available: number;
}

/**
 * Why a cart line cannot be bought as it is right now, or null when it can. When the shelf has
 * enough but open checkouts hold some for a few minutes, the buyer is told so: it may change soon.
 */
export function availabilityNote(quantity: number, product: ProductAvailability | undefined): string | null {
  if (!product || product.available >= quantity) return null;
  const { available, stock } = product;
  if (stock >= quantity) {
    return available > 0
      ? `Only ${available} left right now: other shoppers are checking out with the rest.`
      : 'Sold out right now: other shoppers are checking out with the rest. Check back in a few minutes.';
  }
  return available > 0 ? `Only ${available} left.` : 'Sold out.';
}
