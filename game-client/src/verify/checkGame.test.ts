// @vitest-environment node
// WebCrypto as the browser has it: Node 20's globalThis.crypto.subtle (jsdom's window has no subtle).
import {
  applySessionAction,
  commitmentOf,
  giftById,
  nextPlannedAction,
  publicGameState,
  replaySession,
  resolveGiftSet,
  sessionBoard,
  startSession,
  type GameSession,
  type Gift,
  type LiveGameVerify,
  type PlayPlan,
} from '@dond/shared';
import { describe, expect, it } from 'vitest';
import { checkGame } from './checkGame';

const SERVER_SEED = '3f'.repeat(32);
const CLIENT_SEED = 'streamer_42';
const ID = '5b0c1e9a-2f4d-4c61-9d3e-7a8b9c0d1e2f';

/** A game played to its end (or `stopAfter` actions) by the shared session and the one headless player. */
function play(plan: PlayPlan, gifts: readonly Gift[] = resolveGiftSet(), stopAfter = Infinity): GameSession {
  let session = startSession(gifts, { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED }, ID);
  for (;;) {
    const action = nextPlannedAction(publicGameState(session, ID, commitmentOf(SERVER_SEED)), plan);
    if (!action || session.actions.length >= stopAfter) return session;
    const step = applySessionAction(session, action);
    if (step.rejected) throw new Error(step.rejected.message);
    session = step.session;
  }
}

/** What GET /api/live-games/{id}/verify answers for a session. */
function proof(session: GameSession): LiveGameVerify {
  const over = session.state.gameOutcome !== null;
  return {
    id: ID,
    commitment: commitmentOf(session.seeds.serverSeed),
    clientSeed: session.seeds.clientSeed,
    giftIds: [...session.giftIds],
    actions: session.actions.map((a) => ({ ...a })),
    offers: [...session.state.offerHistory],
    over,
    ...(over ? { serverSeed: session.seeds.serverSeed, board: sessionBoard(session) } : {}),
  };
}

const giftText = (id: number) => {
  const gift = giftById(id)!;
  return `${gift.name} (${gift.coins.toLocaleString('en-US')} ${gift.coins === 1 ? 'coin' : 'coins'})`;
};

const toTheEnd = play({ pick: 7, swap: true });

describe('checkGame', () => {
  it('says Verified for a real game played to the final choice, and gives the board and offers back', async () => {
    const game = proof(toTheEnd);
    expect(game.offers).toHaveLength(9);
    const check = await checkGame(game);
    expect(check).toEqual({ status: 'verified', mismatches: [], board: game.board, offers: game.offers });
  });

  it('says Verified for a deal and for a custom set whose gifts tie on coins', async () => {
    const ties = [
      1, 27, 28, 29, 30, 31, 3, 32, 6, 33, 7, 34, 9, 35, 11, 36, 37, 38, 39, 40, 41, 42, 43, 44, 26, 25,
    ];
    const gifts = resolveGiftSet(ties);
    expect(gifts.map((g) => g.id).slice(0, 4)).toEqual([1, 27, 28, 29]);
    const game = proof(play({ pick: 26, dealInRound: 4, choose: (cases) => cases.at(-1)! }, gifts));
    expect(game.actions.at(-1)).toEqual({ type: 'deal' });
    expect(await checkGame(game)).toMatchObject({ status: 'verified', mismatches: [] });
  });

  it('deals the test vectors of docs/provably-fair.md', async () => {
    const vectors = [
      {
        serverSeed: '0'.repeat(64),
        clientSeed: 'streamer',
        positions: [
          14, 8, 6, 7, 2, 18, 1, 22, 11, 10, 13, 9, 15, 23, 12, 4, 21, 16, 0, 5, 25, 20, 3, 19, 24, 17,
        ],
      },
      {
        serverSeed: 'deadbeef'.repeat(8),
        clientSeed: 'abc',
        positions: [
          25, 17, 19, 20, 21, 24, 5, 16, 6, 9, 12, 11, 23, 0, 15, 2, 7, 18, 8, 22, 1, 3, 10, 14, 13, 4,
        ],
      },
    ];
    expect(commitmentOf(vectors[0]!.serverSeed)).toBe(
      '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    );
    for (const { serverSeed, clientSeed, positions } of vectors) {
      // The default set's ids 1 to 26 are already in value-board order: position p holds gift id p + 1.
      const game: LiveGameVerify = {
        id: ID,
        commitment: commitmentOf(serverSeed),
        clientSeed,
        giftIds: resolveGiftSet().map((g) => g.id),
        actions: [],
        offers: [],
        over: false,
        serverSeed,
        board: positions.map((p) => p + 1),
      };
      expect(game.giftIds).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
      expect(await checkGame(game)).toMatchObject({ status: 'verified', mismatches: [] });
    }
  });

  it('prices the offer vector of docs/provably-fair.md: pick 1, open 2 to 7, the banker offers 2,400', async () => {
    const seeds = { serverSeed: '0'.repeat(64), clientSeed: 'streamer' };
    const actions = [
      { type: 'pick' as const, case: 1 },
      ...[2, 3, 4, 5, 6, 7].map((n) => ({ type: 'open' as const, case: n })),
    ];
    const session = replaySession(resolveGiftSet(), seeds, ID, actions);
    expect(session.state.offerHistory).toEqual([2400]);
    const game: LiveGameVerify = {
      id: ID,
      commitment: commitmentOf(seeds.serverSeed),
      clientSeed: seeds.clientSeed,
      giftIds: [...session.giftIds],
      actions,
      offers: [2400],
      over: false,
      serverSeed: seeds.serverSeed,
      board: sessionBoard(session),
    };
    expect(await checkGame(game)).toEqual({
      status: 'verified',
      mismatches: [],
      board: game.board,
      offers: [2400],
    });
  });

  it('names a commitment that does not match the server seed', async () => {
    const game = { ...proof(toTheEnd), commitment: commitmentOf('0'.repeat(64)) };
    expect((await checkGame(game)).mismatches).toEqual(['The commitment does not match the server seed']);
  });

  it('names a case whose gift was changed', async () => {
    const game = proof(toTheEnd);
    const board = [...game.board!];
    [board[6], board[12]] = [board[12]!, board[6]!];
    const check = await checkGame({ ...game, board });
    expect(check.status).toBe('mismatch');
    expect(check.mismatches).toEqual([
      `Case 7 should hold ${giftText(game.board![6]!)} but the game says ${giftText(game.board![12]!)}`,
      `Case 13 should hold ${giftText(game.board![12]!)} but the game says ${giftText(game.board![6]!)}`,
    ]);
  });

  it('names an offer that the seeds and actions do not give', async () => {
    const game = proof(toTheEnd);
    const offers = [...game.offers];
    const real = offers[2]!;
    offers[2] = real + 50;
    const check = await checkGame({ ...game, offers });
    expect(check.mismatches).toEqual([
      `Offer 3 should be ${real.toLocaleString('en-US')} coins but the game says ${(real + 50).toLocaleString('en-US')}`,
    ]);
    expect(check.offers).toEqual(game.offers);
  });

  it('names every case and offer that another clientSeed would change', async () => {
    const game = proof(toTheEnd);
    const other = replaySession(
      resolveGiftSet(),
      { serverSeed: SERVER_SEED, clientSeed: 'someone_else' },
      ID,
      game.actions,
    );
    const otherBoard = sessionBoard(other);
    const check = await checkGame({ ...game, clientSeed: 'someone_else' });
    const cases = otherBoard.flatMap((id, i) =>
      id === game.board![i]
        ? []
        : [`Case ${i + 1} should hold ${giftText(id)} but the game says ${giftText(game.board![i]!)}`],
    );
    const offers = other.state.offerHistory.flatMap((offer, i) =>
      offer === game.offers[i]
        ? []
        : [
            `Offer ${i + 1} should be ${offer.toLocaleString('en-US')} ${offer === 1 ? 'coin' : 'coins'} but the game says ${game.offers[i]!.toLocaleString('en-US')}`,
          ],
    );
    expect(cases.length).toBeGreaterThan(10);
    expect(offers.length).toBeGreaterThan(0);
    expect(check.board).toEqual(otherBoard);
    expect(check.mismatches).toEqual([...cases, ...offers]);
  });

  it('names an action the rules refuse on the board the seeds give', async () => {
    const game = proof(toTheEnd);
    const pick = game.actions[0]!;
    const actions = [...game.actions];
    actions[1] = { type: 'open', case: pick.case! };
    const check = await checkGame({ ...game, actions });
    expect(check.mismatches).toEqual([
      `Action 2 (open case 7) breaks the rules: case 7 is your case and cannot be opened`,
    ]);
    expect(check.offers).toBeNull();
  });

  it('names gifts out of value-board order and a finished game without its seed', async () => {
    const game = proof(toTheEnd);
    const giftIds = [...game.giftIds];
    [giftIds[0], giftIds[25]] = [giftIds[25]!, giftIds[0]!];
    const { serverSeed: _seed, board: _board, ...hidden } = game;
    expect((await checkGame({ ...hidden, giftIds })).mismatches).toEqual([
      'The gifts are not in value-board order (coins ascending, ties by gift id)',
      'The game is over but the server seed is missing',
    ]);
  });

  it('waits for the seed of a game in progress, offer on the table', async () => {
    const unfinished = play({ pick: 3 }, resolveGiftSet(), 7);
    expect(unfinished.state.gamePhase).toBe('offer');
    const game = proof(unfinished);
    expect(game.serverSeed).toBeUndefined();
    expect(await checkGame(game)).toEqual({
      status: 'unfinished',
      mismatches: [],
      board: null,
      offers: null,
    });
  });
});
