/** The subset of the Web Storage API this app uses; tests pass a plain object implementing it. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Browser storage or null. Reading `window.localStorage` itself throws in some privacy modes and
 * sandboxed frames, so the access is guarded.
 */
function getBrowserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage | null {
  try {
    if (typeof window === 'undefined') return null;
    return window[kind];
  } catch {
    return null;
  }
}

export function getLocalStorage(): KeyValueStorage | null {
  return getBrowserStorage('localStorage');
}

export function getSessionStorage(): KeyValueStorage | null {
  return getBrowserStorage('sessionStorage');
}

/** Parsed JSON under `key`, or undefined when absent, unreadable or not JSON. Failures only warn. */
export function readJson(storage: KeyValueStorage | null, key: string): unknown {
  if (!storage) return undefined;
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch (error) {
    console.warn(`Could not read "${key}" from storage`, error);
    return undefined;
  }
}

/** Stores `value` as JSON; a full or unavailable storage only warns. Returns whether it was saved. */
export function writeJson(storage: KeyValueStorage | null, key: string, value: unknown): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    console.warn(`Could not save "${key}" to storage`, error);
    return false;
  }
}

export function removeKey(storage: KeyValueStorage | null, key: string): void {
  if (!storage) return;
  try {
    storage.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove "${key}" from storage`, error);
  }
}
