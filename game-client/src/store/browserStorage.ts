/**
 * The browser's storages, read and written so that a browser that refuses them never stops the game. Where a
 * player blocks cookies for the site, Chromium throws on merely reading `window.localStorage` (a SecurityError),
 * and a full storage throws on a write: either way the game goes on, only forgetting what it would have kept.
 */
export type StorageKind = 'localStorage' | 'sessionStorage';

/** The storage, or null where the browser refuses it. */
export function browserStorage(kind: StorageKind): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** The entry under `key`, or null: none, or a storage refused. */
export function readStored(kind: StorageKind, key: string): string | null {
  try {
    return browserStorage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` (null removes it); a refused or full storage only loses it. */
export function writeStored(kind: StorageKind, key: string, value: string | null): void {
  try {
    const storage = browserStorage(kind);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Refused or full: the choice is forgotten at the next load, nothing else.
  }
}
