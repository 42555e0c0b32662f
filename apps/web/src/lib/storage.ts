import type { StorageKey } from './storage-keys.ts';

/** The part of the Web Storage API the app uses; tests pass an in-memory one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

let resolved: KeyValueStorage | null = null;

/** localStorage when it works (not in private modes that throw, not in node), else memory. */
export function appStorage(): KeyValueStorage {
  if (resolved) return resolved;
  try {
    const storage = globalThis.localStorage;
    const probe = '__planns_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    resolved = storage;
  } catch {
    resolved = createMemoryStorage();
  }
  return resolved;
}

export function readStored(key: StorageKey, storage: KeyValueStorage = appStorage()): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string, storage: KeyValueStorage = appStorage()): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Quota or privacy errors: the app keeps working without the stored value.
  }
}

export function removeStored(key: StorageKey, storage: KeyValueStorage = appStorage()): void {
  try {
    storage.removeItem(key);
  } catch {
    // See writeStored.
  }
}
