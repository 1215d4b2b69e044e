import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shuffle } from '../random.js';
import { commitmentOf, fairRng, uint32Stream } from './fair.js';
import { hmacSha256, sha256, toHex, utf8 } from './sha256.js';

const positions = (serverSeed: string, clientSeed: string) =>
  shuffle(
    Array.from({ length: 26 }, (_, i) => i),
    fairRng(serverSeed, clientSeed),
  );

describe('provably fair dealing', () => {
  it('hashes and signs as Node does, across block boundaries and long keys', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 200]) {
      const data = 'x'.repeat(length);
      expect(toHex(sha256(utf8(data)))).toBe(createHash('sha256').update(data).digest('hex'));
      const key = 'k'.repeat(length);
      expect(toHex(hmacSha256(utf8(key), utf8(data)))).toBe(
        createHmac('sha256', key).update(data).digest('hex'),
      );
    }
  });

  it('encodes text as UTF-8 as Node does', () => {
    for (const text of [
      '',
      'abc',
      'é',
      '€',
      '😀',
      'İİ',
      'a\u0000b',
      'x😀y\u07ff\uffff',
      'a\ud800b',
      '\udc00',
      'z\ud83d',
    ])
      expect(Buffer.from(utf8(text))).toEqual(Buffer.from(text, 'utf8'));
  });

  it('matches the test vectors of the issue', () => {
    const zeros = '0'.repeat(64);
    expect(commitmentOf(zeros)).toBe('60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55');
    expect(positions(zeros, 'streamer')).toEqual([
      14, 8, 6, 7, 2, 18, 1, 22, 11, 10, 13, 9, 15, 23, 12, 4, 21, 16, 0, 5, 25, 20, 3, 19, 24, 17,
    ]);
    expect(positions('deadbeef'.repeat(8), 'abc')).toEqual([
      25, 17, 19, 20, 21, 24, 5, 16, 6, 9, 12, 11, 23, 0, 15, 2, 7, 18, 8, 22, 1, 3, 10, 14, 13, 4,
    ]);
  });

  it('reads each HMAC block as eight big-endian integers, then moves to the next counter', () => {
    const seed = 'ab'.repeat(32);
    const draw = uint32Stream(seed, 'p');
    const expected = [0, 1].flatMap((counter) => {
      const block = createHmac('sha256', seed).update(`p:${counter}`).digest();
      return Array.from({ length: 8 }, (_, i) => block.readUInt32BE(i * 4));
    });
    expect(Array.from({ length: 16 }, draw)).toEqual(expected);
  });

  it('spreads each gift evenly over the cases in 10,000 seeded deals (chi-square)', () => {
    const counts = Array.from({ length: 26 }, () => new Array<number>(26).fill(0));
    const deals = 10_000;
    for (let n = 0; n < deals; n++) {
      const board = positions('0'.repeat(63) + (n % 10), `seed-${n}`);
      expect(new Set(board).size).toBe(26);
      board.forEach((item, caseIndex) => counts[item]![caseIndex]!++);
    }
    const expected = deals / 26;
    for (const row of counts) {
      const chi = row.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
      // 25 degrees of freedom: 52.62 is the 0.999 quantile; a biased shuffle lands far above it.
      expect(chi).toBeLessThan(52.62);
    }
  });
});
