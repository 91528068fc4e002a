import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a server-rendered page is not yet hydrated (and on the server), true once React runs
 * it (at once on a page rendered in the browser). Buttons wait for it (components/ui/button.tsx).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
