import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { CartProvider } from '@/lib/cart/cart-context';
import { createQueryClient } from '@/lib/query-client';

/** App-wide state: the query cache (SPEC.md section 9 rules), the cart and the toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider>
        {children}
        <Toaster />
      </CartProvider>
    </QueryClientProvider>
  );
}
