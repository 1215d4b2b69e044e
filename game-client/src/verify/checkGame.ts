import {
  FINAL_ROUND,
  dealPrefix,
  dealtGame,
  formatCount,
  formatNumber,
  giftById,
  offerPrefix,
  reduceLiveAction,
  sortByCoins,
  type Gift,
  type LiveAction,
  type LiveGameVerify,
} from '@dond/shared';

/**
 * The verify page's check of a game (docs/provably-fair.md), done in the browser with WebCrypto: a second,
 * independent implementation of shared/src/fair (SHA-256 and HMAC-SHA256 are the browser's own). Only the
 * rules, the banker and the gift catalogue come from `shared`: they are what the offers are priced with.
 */

export type GameCheckStatus = 'verified' | 'mismatch' | 'unfinished';

export interface GameCheck {
  /** verified: every fact matches; mismatch: `mismatches` says what does not; unfinished: no seed yet. */
  readonly status: GameCheckStatus;
  /** One sentence a fact, in the order the recipe checks them. */
  readonly mismatches: readonly string[];
  /** The board the seeds give (gift ids, case 1 first), once the server seed is known. */
  readonly board: readonly number[] | null;
  /** The offers the seeds and the actions give, once the server seed is known and the actions follow the rules. */
  readonly offers: readonly number[] | null;
}

const UINT32 = 2 ** 32;
const encoder = new TextEncoder();

/** A gift as a sentence names it: 'Galaxy (1,000 coins)'. */
export function giftText(id: number): string {
  const gift = giftById(id);
  return gift ? `${gift.name} (${formatCount(gift.coins, 'coin')})` : `gift id ${id}`;
}

/** An action as a sentence names it: 'pick case 5', 'open case 3', 'NO DEAL'. */
export function actionText(action: LiveAction): string {
  switch (action.type) {
    case 'pick':
      return `pick case ${action.case}`;
    case 'open':
      return `open case ${action.case}`;
    case 'deal':
      return 'DEAL';
    case 'noDeal':
      return 'NO DEAL';
    case 'keep':
      return 'keep';
    case 'swap':
      return 'swap';
  }
}

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

function hmacKey(serverSeed: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

/** Block `counter` of the stream for `prefix`: HMAC-SHA256 over `${prefix}:${counter}`, as 8 big-endian words. */
async function streamBlock(key: CryptoKey, prefix: string, counter: number): Promise<number[]> {
  const view = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(`${prefix}:${counter}`)));
  return Array.from({ length: 8 }, (_, i) => view.getUint32(4 * i));
}

/** The stream's unsigned 32-bit integers in order, a block at a time. */
function uint32Stream(key: CryptoKey, prefix: string): () => Promise<number> {
  let counter = 0;
  let words: number[] = [];
  return async () => {
    if (words.length === 0) words = await streamBlock(key, prefix, counter++);
    return words.shift()!;
  };
}

/** The board: Fisher-Yates from the value-board order, i from 25 down to 1, by rejection. */
async function dealBoard(key: CryptoKey, clientSeed: string, giftIds: readonly number[]): Promise<number[]> {
  const items = [...giftIds];
  const draw = uint32Stream(key, dealPrefix(clientSeed));
  for (let i = items.length - 1; i >= 1; i--) {
    const n = i + 1;
    const limit = Math.floor(UINT32 / n) * n;
    let u = await draw();
    while (u >= limit) u = await draw();
    const j = u % n;
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

interface Replay {
  readonly offers: readonly number[];
  readonly over: boolean;
  /** The first action the rules refuse, as a sentence. */
  readonly broken: string | null;
}

/**
 * Replays the log with the shared reducer. The reducer is synchronous, so the first block of every round's
 * offer stream is computed ahead: the banker draws once an offer (SPEC.md section 9 step 4), eight words a
 * block leave room to spare.
 */
async function replayOffers(
  key: CryptoKey,
  clientSeed: string,
  board: readonly Gift[],
  actions: readonly LiveAction[],
): Promise<Replay> {
  const rounds = Array.from({ length: FINAL_ROUND }, (_, i) => i + 1);
  const blocks = await Promise.all(
    rounds.map((round) => streamBlock(key, offerPrefix(clientSeed, round), 0)),
  );
  let state = dealtGame(board, 'verify');
  for (const [index, action] of actions.entries()) {
    const words = blocks[state.currentRound - 1] ?? [];
    let used = 0;
    const rng = () => {
      const word = words[used++];
      if (word === undefined)
        throw new Error(`round ${state.currentRound} drew more than the block computed ahead`);
      return word / UINT32;
    };
    const step = reduceLiveAction(state, action, rng);
    if (step.rejected)
      return {
        offers: state.offerHistory,
        over: false,
        broken: `Action ${index + 1} (${actionText(action)}) breaks the rules: ${step.rejected.message}`,
      };
    state = step.state;
  }
  return { offers: state.offerHistory, over: state.gameOutcome !== null, broken: null };
}

/** What is wrong with the game's gift list: unknown gifts, gifts twice, not in value-board order. */
function giftListMismatches(giftIds: readonly number[]): string[] {
  const unknown = giftIds.filter((id) => giftById(id) === undefined);
  if (unknown.length > 0) return unknown.map((id) => `Gift id ${id} is not in the gift catalogue`);
  const twice = giftIds.filter((id, i) => giftIds.indexOf(id) !== i);
  if (twice.length > 0) return [...new Set(twice)].map((id) => `${giftText(id)} is listed twice`);
  const ordered = sortByCoins(giftIds.map((id) => giftById(id)!)).map((gift) => gift.id);
  return ordered.every((id, i) => id === giftIds[i])
    ? []
    : ['The gifts are not in value-board order (coins ascending, ties by gift id)'];
}

/** Checks a game's proof (GET /api/live-games/{id}/verify) the way docs/provably-fair.md says. */
export async function checkGame(game: LiveGameVerify): Promise<GameCheck> {
  // Browsers give WebCrypto only to secure pages: https, or localhost.
  if (!globalThis.crypto?.subtle)
    throw new Error('This browser cannot check games on this page: WebCrypto needs https (or localhost).');
  const mismatches = giftListMismatches(game.giftIds);
  const giftsKnown = !mismatches.some((m) => m.startsWith('Gift id'));
  const { serverSeed } = game;

  if (serverSeed === undefined) {
    if (game.over) mismatches.push('The game is over but the server seed is missing');
    return {
      status: game.over || mismatches.length > 0 ? 'mismatch' : 'unfinished',
      mismatches,
      board: null,
      offers: null,
    };
  }

  if ((await sha256Hex(serverSeed)) !== game.commitment)
    mismatches.unshift('The commitment does not match the server seed');

  const key = await hmacKey(serverSeed);
  const board = await dealBoard(key, game.clientSeed, game.giftIds);
  if (game.board === undefined) mismatches.push('The game reveals its server seed but not its board');
  else
    board.forEach((id, i) => {
      const said = game.board![i]!;
      if (said !== id)
        mismatches.push(`Case ${i + 1} should hold ${giftText(id)} but the game says ${giftText(said)}`);
    });

  let offers: readonly number[] | null = null;
  if (giftsKnown) {
    const replay = await replayOffers(
      key,
      game.clientSeed,
      board.map((id) => giftById(id)!),
      game.actions,
    );
    offers = replay.broken ? null : replay.offers;
    if (replay.broken) mismatches.push(replay.broken);
    replay.offers.forEach((offer, i) => {
      const said = game.offers[i];
      if (said !== undefined && said !== offer)
        mismatches.push(
          `Offer ${i + 1} should be ${formatCount(offer, 'coin')} but the game says ${formatNumber(said)}`,
        );
    });
    if (!replay.broken && replay.offers.length !== game.offers.length)
      mismatches.push(
        `The actions make ${formatCount(replay.offers.length, 'offer')} but the game lists ${game.offers.length}`,
      );
    if (!replay.broken && replay.over !== game.over)
      mismatches.push(
        game.over
          ? 'The game says it is over but its actions do not finish it'
          : 'The actions finish the game but the game says it is not over',
      );
  }

  return { status: mismatches.length === 0 ? 'verified' : 'mismatch', mismatches, board, offers };
}
