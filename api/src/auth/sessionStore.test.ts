// The key a session is stored under is part of the database's contents: sessions written before a change of
// how it is computed must still be found. The expected value is SHA-256 of the id as base64url, computed apart
// (`printf abc | openssl dgst -sha256 -binary | base64`, then the URL-safe alphabet without padding).
import { describe, expect, it } from 'vitest';
import { sessionKey } from './sessionStore.js';

describe('sessionKey', () => {
  it('is the SHA-256 of the id in base64url, as stored sessions were written', () => {
    expect(sessionKey('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });

  it('hashes the id as UTF-8', () => {
    expect(sessionKey('é')).toBe('SplVfkAzw1Od4utlRyAXytX5VX96BiWgnxw_biumnEw');
  });
});
