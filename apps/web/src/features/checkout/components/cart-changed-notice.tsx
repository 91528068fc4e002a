import { ShoppingCartIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { CartChange } from '../utils/payment-intent';

/** A 409 cart_changed: what can no longer be served, and the way back to the cart. */
export function CartChangedNotice({ changes }: { changes: CartChange[] }) {
  return (
    <Alert variant="destructive">
      <ShoppingCartIcon aria-hidden="true" />
      <AlertTitle>Your cart has changed</AlertTitle>
      <AlertDescription className="grid gap-3">
        <ul className="grid list-disc gap-1 pl-4">
          {changes.map((change, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
            <li key={index}>
              {change.name ? <span className="font-semibold">{change.name}: </span> : null}
              {change.message}
            </li>
          ))}
        </ul>
        <div>
          <Button asChild size="sm" variant="outline">
            <Link to="/cart">Review your cart</Link>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
