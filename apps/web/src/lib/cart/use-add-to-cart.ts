import { toast } from '@/components/ui/use-toast';
import { useCart } from './cart-context';
import type { CartProductInput } from './cart-reducer';

/**
 * Adds one unit of a product and says how it went in a toast: 'Added to cart', or why not (the
 * cart already holds the whole stock, or the product cannot be sold). The shop's cards and the
 * assistant's product offers add the same way.
 */
export function useAddToCart(): (product: CartProductInput & { name: string; stock: number }) => void {
  const { addItem } = useCart();
  return (product) => {
    const result = addItem(product);
    if (result === 'added') {
      toast({ title: 'Added to cart', description: `${product.name} is in your cart.` });
      return;
    }
    toast({
      variant: 'destructive',
      title: 'Failed to add item to cart',
      description:
        result === 'limit'
          ? `Your cart already holds all ${product.stock} in stock.`
          : 'This product cannot be added right now.',
    });
  };
}
