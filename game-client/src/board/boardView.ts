import {
  casesToOpenIfRejected,
  dealResultText,
  giftInCase,
  givenUpCase,
  otherCase,
  splitValueBoards,
  statusLine,
  tabletStatusLine,
  type GameState,
  type Gift,
} from '@dond/shared';
import type { Overlay } from '../game/controller';
import type { ViewMode } from '../store/sessionStore';

/**
 * What the board shows of a game, worked out once for the canvas scene and its DOM mirror alike: the value
 * boards, the status line, which cases show open, and the gifts the reveals name.
 */
export interface BoardView {
  lower: Gift[];
  higher: Gift[];
  /** Gift ids struck through on the value boards. */
  openedGiftIds: Set<number>;
  modal: boolean;
  eliminating: boolean;
  /** After DEAL and CONTINUE: every case open, the deal kept in view. */
  dealt: boolean;
  /** The status line's parts (desktop and mobile show them joined, the tablet one line). */
  status: string[];
  /** Cases shown open, in the order they opened (every case once dealt). */
  shownOpen: number[];
  playerGift: Gift | undefined;
  finalGift: Gift | undefined;
  other: number | null;
  givenUp: number | null;
  givenUpGift: Gift | undefined;
  /** Cases to open next round if the offer on the table is refused. */
  casesIfRejected: number;
}

export function selectBoardView(game: GameState, overlay: Overlay | null, mode: ViewMode): BoardView {
  const eliminating = game.gamePhase === 'elimination';
  const more = eliminating ? game.casesToEliminateThisRound - game.casesEliminatedThisRound : null;
  const dealt = game.gameOutcome === 'banker_accepted' && overlay !== 'dealReveal';
  const gift = (n: number | null) => (n === null ? undefined : giftInCase(game, n));
  const givenUp = givenUpCase(game);
  return {
    ...splitValueBoards(game.briefcaseGifts),
    openedGiftIds: new Set(game.eliminatedCases.map((n) => giftInCase(game, n)?.id ?? -1)),
    modal: overlay !== null,
    eliminating,
    dealt,
    status: dealt
      ? [dealResultText(game.finalAmount ?? 0)]
      : mode === 'tablet'
        ? [tabletStatusLine(game.currentRound, game.casesRemaining, more)]
        : statusLine(game.currentRound, game.casesRemaining, more),
    shownOpen: dealt
      ? [
          ...game.eliminatedCases,
          ...game.briefcaseGifts.map((_, i) => i + 1).filter((n) => !game.eliminatedCases.includes(n)),
        ]
      : [...game.eliminatedCases],
    playerGift: gift(game.selectedCase),
    finalGift: gift(game.finalCase),
    other: otherCase(game),
    givenUp,
    givenUpGift: gift(givenUp),
    casesIfRejected: casesToOpenIfRejected(game),
  };
}
