import { hmacSha256, sha256, toHex, utf8 } from './sha256.js';

/**
 * Provably fair dealing (docs/provably-fair.md has the whole recipe and its test vectors). The server draws a
 * secret serverSeed, publishes its SHA-256 (the commitment) before the first tap, and reveals the seed once
 * the game is over; the board and every offer's noise come from HMAC-SHA256 streams keyed by it, with the
 * player's clientSeed in every message, so neither side alone can choose the board.
 */

/** 32 random bytes as 64 lowercase hex characters. */
export const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** SHA-256 of the serverSeed's hex string (as UTF-8), in hex. */
export function commitmentOf(serverSeed: string): string {
  return toHex(sha256(utf8(serverSeed)));
}

const UINT32 = 2 ** 32;

/**
 * The unsigned 32-bit integers of the stream for a message prefix: HMAC-SHA256(key = serverSeed as UTF-8,
 * message = `${prefix}:${counter}`) for counter 0, 1, 2, ..., each 32-byte block read as eight big-endian
 * integers in order.
 */
export function uint32Stream(serverSeed: string, prefix: string): () => number {
  // Encoded at the first draw: a live game makes a stream for every action, and most actions draw nothing.
  let key: Uint8Array | null = null;
  let counter = 0;
  let block: DataView | null = null;
  let next = 8;
  return () => {
    if (next === 8) {
      key ??= utf8(serverSeed);
      block = new DataView(hmacSha256(key, utf8(`${prefix}:${counter++}`)).buffer);
      next = 0;
    }
    return block!.getUint32(4 * next++);
  };
}

/** The same stream as numbers in [0, 1): u / 2^32, what the rules' Rng gives. */
export function fairRng(serverSeed: string, prefix: string): () => number {
  const draw = uint32Stream(serverSeed, prefix);
  return () => draw() / UINT32;
}

/** The stream that deals the board. */
export const dealPrefix = (clientSeed: string) => clientSeed;
/** The stream the banker's offer of a round draws from (the round the offer is made in). */
export const offerPrefix = (clientSeed: string, round: number) => `${clientSeed}:offer:${round}`;
