import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStorage, readStored, writeStored } from './browserStorage';

// The real refusal (cookies blocked in Chromium) is e2e/storageRefused.spec.ts; here the storage's own errors.
describe('the browser storage helpers', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('read and write a storage that works', () => {
    writeStored('localStorage', 'k', 'v');
    expect(readStored('localStorage', 'k')).toBe('v');
    writeStored('localStorage', 'k', null);
    expect(localStorage.getItem('k')).toBeNull();
    expect(browserStorage('sessionStorage')).toBe(sessionStorage);
  });

  it('read a refused storage as empty, and write to it without throwing', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    expect(browserStorage('localStorage')).toBeNull();
    expect(readStored('localStorage', 'k')).toBeNull();
    expect(() => writeStored('localStorage', 'k', 'v')).not.toThrow();
  });

  it('lose a write to a full storage, keeping what it held', () => {
    writeStored('localStorage', 'k', 'old');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(() => writeStored('localStorage', 'k', 'new')).not.toThrow();
    expect(readStored('localStorage', 'k')).toBe('old');
  });
});
