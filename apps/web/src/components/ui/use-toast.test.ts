import { describe, expect, it } from 'vitest';
import { TOAST_DURATION, TOAST_LIMIT, type ToastRecord, toastReducer } from './use-toast';

const toastA: ToastRecord = { id: 'a', title: 'A', open: true };
const toastB: ToastRecord = { id: 'b', title: 'B', open: true, variant: 'destructive' };

describe('toastReducer', () => {
  it('shows one toast at a time for 5000 ms by default', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION).toBe(5000);
  });

  it('a new toast replaces the one on screen', () => {
    const state = toastReducer(toastReducer({ toasts: [] }, { type: 'add', toast: toastA }), {
      type: 'add',
      toast: toastB,
    });
    expect(state.toasts).toEqual([toastB]);
  });

  it('updates, dismisses and removes by id', () => {
    let state = toastReducer({ toasts: [] }, { type: 'add', toast: toastA });
    state = toastReducer(state, { type: 'update', id: 'a', patch: { description: 'more' } });
    expect(state.toasts[0]?.description).toBe('more');
    state = toastReducer(state, { type: 'dismiss', id: 'a' });
    expect(state.toasts[0]?.open).toBe(false);
    state = toastReducer(state, { type: 'remove', id: 'a' });
    expect(state.toasts).toEqual([]);
  });

  it('dismisses and removes all without an id', () => {
    let state = { toasts: [toastA] };
    state = toastReducer(state, { type: 'dismiss' });
    expect(state.toasts.every((t) => !t.open)).toBe(true);
    expect(toastReducer(state, { type: 'remove' }).toasts).toEqual([]);
  });
});
