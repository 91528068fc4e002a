import { type ReactNode, useSyncExternalStore } from 'react';

/** One toast visible at a time, shown for 5000 ms unless it says otherwise (SPEC.md section 9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION = 5000;
/** How long a dismissed toast stays mounted so that its exit animation can play. */
export const TOAST_REMOVE_DELAY = 1000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself. */
  duration?: number;
  /** A `<ToastAction>` element. */
  action?: ReactNode;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastRecord[];
}

export type ToastAction =
  | { type: 'add'; toast: ToastRecord }
  | { type: 'update'; id: string; patch: ToastOptions }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return {
        toasts: state.toasts.map((t) => (t.id === action.id ? { ...t, ...action.patch } : t)),
      };
    case 'dismiss':
      return {
        toasts: state.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  state = toastReducer(state, action);
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  const ids = id === undefined ? state.toasts.map((t) => t.id) : [id];
  for (const toastId of ids) scheduleRemoval(toastId);
  dispatch(id === undefined ? { type: 'dismiss' } : { type: 'dismiss', id });
}

/** Shows a toast, replacing the one on screen. Callable from anywhere, not only components. */
export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (patch: ToastOptions) => void;
} {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: 'add', toast: { ...options, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch) => dispatch({ type: 'update', id, patch }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState {
  return state;
}

export function useToast(): { toasts: ToastRecord[]; toast: typeof toast; dismiss: typeof dismissToast } {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
