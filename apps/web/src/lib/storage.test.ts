import { afterEach, describe, expect, it, vi } from 'vitest';
import { getLocalStorage, type KeyValueStorage, readJson, removeKey, writeJson } from './storage';

function fakeStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storage helpers', () => {
  it('round-trips JSON and removes keys', () => {
    const storage = fakeStorage();
    expect(writeJson(storage, 'k', { a: [1, 2] })).toBe(true);
    expect(readJson(storage, 'k')).toEqual({ a: [1, 2] });
    removeKey(storage, 'k');
    expect(readJson(storage, 'k')).toBeUndefined();
  });

  it('treats a missing storage as empty', () => {
    expect(readJson(null, 'k')).toBeUndefined();
    expect(writeJson(null, 'k', 1)).toBe(false);
    expect(() => removeKey(null, 'k')).not.toThrow();
  });

  it('warns instead of throwing when storage is full', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const full: KeyValueStorage = {
      ...fakeStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(writeJson(full, 'k', 1)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('has no browser storage outside a browser', () => {
    expect(getLocalStorage()).toBeNull();
  });
});
