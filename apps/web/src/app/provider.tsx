import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { CartProvider } from '@/lib/cart/cart-context';
import { createQueryClient } from '@/lib/query-client';

interface AppProviderProps {
  children: ReactNode;
  /** A cache filled by the server's render (hydration); a new one otherwise. */
  queryClient?: QueryClient;
}

/**
 * App-wide state: the query cache (SPEC.md section 9 rules), the cart and the toasts. The server
 * render (entry-server.tsx) builds the same tree, so hydration matches.
 */
export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider>
        {children}
        <Toaster />
      </CartProvider>
    </QueryClientProvider>
  );
}
