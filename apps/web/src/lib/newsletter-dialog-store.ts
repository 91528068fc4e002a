import { useSyncExternalStore } from 'react';

/**
 * Whether the newsletter dialog is open. It lives here, not in features/newsletter, so the header
 * and any page can open the dialog without importing that feature's insides.
 */
let isOpen = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): boolean {
  return isOpen;
}

export function setNewsletterDialogOpen(open: boolean): void {
  if (open === isOpen) return;
  isOpen = open;
  for (const listener of listeners) listener();
}

export function openNewsletterDialog(): void {
  setNewsletterDialogOpen(true);
}

export function closeNewsletterDialog(): void {
  setNewsletterDialogOpen(false);
}

export function useNewsletterDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
