import {
  publicGameState,
  resolveGiftSet,
  applySessionAction,
  dealResultText,
  startSession,
  gameStateFromView,
} from '@dond/shared';
import { describe, expect, it } from 'vitest';
import { selectBoardView } from './boardView';

const ID = '00000000-0000-4000-8000-00000000000a';

function dealtAfterFirstOffer() {
  let session = startSession(resolveGiftSet(null), { serverSeed: 'a'.repeat(64), clientSeed: 'view' }, ID);
  for (const action of [
    { type: 'pick', case: 3 },
    ...[1, 2, 4, 5, 6, 7].map((n) => ({ type: 'open', case: n }) as const),
    { type: 'deal' },
  ] as const)
    session = applySessionAction(session, action).session;
  return gameStateFromView(publicGameState(session, ID, 'c'), ID);
}

describe('the board view, one for the canvas and its mirror', () => {
  it('keeps the deal in view after CONTINUE and shows every case open, the opened ones first', () => {
    const game = dealtAfterFirstOffer();
    const during = selectBoardView(game, 'dealReveal', 'desktop');
    expect(during.dealt).toBe(false);
    expect(during.shownOpen).toEqual([1, 2, 4, 5, 6, 7]);
    const after = selectBoardView(game, null, 'desktop');
    expect(after.dealt).toBe(true);
    expect(after.status).toEqual([dealResultText(game.finalAmount!)]);
    expect(after.shownOpen.slice(0, 6)).toEqual([1, 2, 4, 5, 6, 7]);
    expect([...after.shownOpen].sort((a, b) => a - b)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    expect(after.playerGift?.id).toBe(game.briefcaseGifts[2]!.id);
  });

  it('gives the tablet one status line and the others their parts, with the cases left to open', () => {
    let session = startSession(resolveGiftSet(null), { serverSeed: 'b'.repeat(64), clientSeed: 'v' }, ID);
    session = applySessionAction(session, { type: 'pick', case: 1 }).session;
    session = applySessionAction(session, { type: 'open', case: 2 }).session;
    const game = gameStateFromView(publicGameState(session, ID, 'c'), ID);
    expect(selectBoardView(game, null, 'tablet').status).toHaveLength(1);
    const desktop = selectBoardView(game, null, 'desktop');
    expect(desktop.status.length).toBeGreaterThan(1);
    expect(desktop.status.join(' ')).toMatch(/5/);
    expect(desktop.openedGiftIds).toEqual(new Set([game.briefcaseGifts[1]!.id]));
    expect(desktop.lower.length + desktop.higher.length).toBe(26);
  });
});
