import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a server-rendered page is not yet hydrated (and on the server), true once React runs
 * it. A form the server rendered submits natively if its button is pressed before then, sending
 * its fields (a password among them) in the URL: such buttons stay disabled until this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
