import type { AudienceState } from '../audience/audience.js';
import { giftById, type Gift } from '../gifts/catalogue.js';
import { sortByCoins } from '../gifts/giftSet.js';
import { dealPrefix, fairRng, offerPrefix } from '../fair/fair.js';
import { shuffle, type Rng } from '../random.js';
import type { GameAction, GameEvent, Rejection } from './actions.js';
import { reduce, type ReduceResult } from './reduce.js';
import { roundQuota } from './quotas.js';
import { dealtGame, type GamePhase, type GameState } from './state.js';

/**
 * One game session: the seeds, the action log and the state they give. The API runs it for a signed-in
 * player's live game (api/src/modules/liveGames), the browser for a guest, the tests for both. Dealing and
 * the banker's noise come from the provably fair streams (fair.ts), so the log and the seeds replay the game
 * exactly.
 */

export const LIVE_ACTION_TYPES = ['pick', 'open', 'deal', 'noDeal', 'keep', 'swap'] as const;
export type LiveActionType = (typeof LIVE_ACTION_TYPES)[number];

/** What a player does, as the API and the log keep it. `case` for pick and open only. */
export interface LiveAction {
  readonly type: LiveActionType;
  readonly case?: number;
}

export interface SessionSeeds {
  readonly serverSeed: string;
  readonly clientSeed: string;
}

export interface GameSession {
  readonly seeds: SessionSeeds;
  /** The game's 26 gift ids in value-board order (coins ascending, ties by gift id). */
  readonly giftIds: readonly number[];
  readonly actions: readonly LiveAction[];
  readonly state: GameState;
}

export interface SessionStep {
  readonly session: GameSession;
  readonly events: readonly GameEvent[];
  readonly rejected?: Rejection;
}

/** Deals a new game: the gifts in value-board order, shuffled by the stream of the clientSeed. */
export function startSession(gifts: readonly Gift[], seeds: SessionSeeds, clientGameId: string): GameSession {
  const ordered = sortByCoins(gifts);
  const board = shuffle(ordered, fairRng(seeds.serverSeed, dealPrefix(seeds.clientSeed)));
  return { seeds, giftIds: ordered.map((g) => g.id), actions: [], state: dealtGame(board, clientGameId) };
}

/** The reducer's action for a player's action. */
export function toGameAction(action: LiveAction): GameAction {
  switch (action.type) {
    case 'pick':
      return { type: 'selectCase', caseNumber: action.case ?? Number.NaN };
    case 'open':
      return { type: 'eliminateCase', caseNumber: action.case ?? Number.NaN };
    case 'deal':
      return { type: 'deal' };
    case 'noDeal':
      return { type: 'noDeal' };
    case 'keep':
      return { type: 'finalChoice', swap: false };
    case 'swap':
      return { type: 'finalChoice', swap: true };
  }
}

/**
 * Applies one action. The banker's offer of a round draws from the stream of that round; the session answers
 * the phone at once (the 2 s of ringing are the board's to show, not a rule of the game), so the state is in
 * the offer phase as soon as the offer is made.
 */
export function applySessionAction(session: GameSession, action: LiveAction): SessionStep {
  const { serverSeed, clientSeed } = session.seeds;
  const rng = fairRng(serverSeed, offerPrefix(clientSeed, session.state.currentRound));
  const step = reduceLiveAction(session.state, action, rng);
  if (step.rejected) return { session, events: [], rejected: step.rejected };
  return {
    session: { ...session, actions: [...session.actions, action], state: step.state },
    events: step.events,
  };
}

/**
 * One logged action on a state, the phone answered at once, with the rng of the round the state is in
 * (offerPrefix(clientSeed, state.currentRound)). The verify page replays a log with it, feeding the rng from
 * its own WebCrypto streams.
 */
export function reduceLiveAction(state: GameState, action: LiveAction, rng: Rng): ReduceResult {
  const first = reduce(state, toGameAction(action), rng);
  if (first.rejected || first.state.gamePhase !== 'phone-ringing') return first;
  const answered = reduce(first.state, { type: 'phoneAnswered' }, rng);
  return { state: answered.state, events: [...first.events, ...answered.events] };
}

/** The session that the seeds, the gifts and the log give; throws if the log breaks a rule. */
export function replaySession(
  gifts: readonly Gift[],
  seeds: SessionSeeds,
  clientGameId: string,
  actions: readonly LiveAction[],
): GameSession {
  let session = startSession(gifts, seeds, clientGameId);
  for (const action of actions) {
    const step = applySessionAction(session, action);
    if (step.rejected)
      throw new Error(`action ${session.actions.length} (${action.type}): ${step.rejected.message}`);
    session = step.session;
  }
  return session;
}

/** The phases a live game can be in (never phone-ringing: the session answers at once). */
export type LivePhase = Exclude<GamePhase, 'phone-ringing'>;

export interface LiveCase {
  readonly number: number;
  readonly opened: boolean;
  /** Only for an opened case, or for every case once the game is over. */
  readonly giftId?: number;
}

export interface LiveResult {
  readonly outcome: NonNullable<GameState['gameOutcome']>;
  readonly amount: number;
  /** The case whose gift the player ends with (their own after a deal). */
  readonly finalCase: number;
  /** null after a deal. */
  readonly swapped: boolean | null;
}

/** What anyone watching the game may see: nothing of an unopened case before the game is over. */
export interface LiveGamePublic {
  readonly id: string;
  readonly commitment: string;
  readonly clientSeed: string;
  /** Actions applied so far: the `seq` of the next one. */
  readonly seq: number;
  readonly phase: LivePhase;
  readonly round: number;
  readonly playerCase: number | null;
  /** Cases still to open in this round (0 outside the opening phase). */
  readonly casesToOpen: number;
  /** Cases opened in this round so far. */
  readonly openedThisRound: number;
  /** Case numbers in the order they were opened. */
  readonly openedOrder: readonly number[];
  readonly cases: readonly LiveCase[];
  /** The game's 26 gift ids in value-board order: what the value boards show. */
  readonly giftIds: readonly number[];
  readonly offers: readonly number[];
  /** The offer on the table in the offer phase, else null. */
  readonly currentOffer: number | null;
  readonly result: LiveResult | null;
  /** The stream's audience in this game (issue 20): the API adds it; a guest's game has none. */
  readonly audience?: AudienceState;
}

export function isSessionOver(session: GameSession): boolean {
  return session.state.gameOutcome !== null;
}

export function publicGameState(session: GameSession, id: string, commitment: string): LiveGamePublic {
  const { state } = session;
  const over = isSessionOver(session);
  const opened = new Set(state.eliminatedCases);
  const phase = state.gamePhase === 'phone-ringing' ? 'offer' : state.gamePhase;
  return {
    id,
    commitment,
    clientSeed: session.seeds.clientSeed,
    seq: session.actions.length,
    phase,
    round: state.currentRound,
    playerCase: state.selectedCase,
    casesToOpen:
      phase === 'elimination' ? state.casesToEliminateThisRound - state.casesEliminatedThisRound : 0,
    openedThisRound: state.casesEliminatedThisRound,
    openedOrder: [...state.eliminatedCases],
    cases: state.briefcaseGifts.map((gift, i) => {
      const number = i + 1;
      const isOpen = opened.has(number);
      return isOpen || over ? { number, opened: isOpen, giftId: gift.id } : { number, opened: false };
    }),
    giftIds: [...session.giftIds],
    offers: [...state.offerHistory],
    currentOffer: phase === 'offer' ? state.bankerOffer : null,
    result:
      over && state.gameOutcome && state.finalAmount !== null && state.finalCase !== null
        ? {
            outcome: state.gameOutcome,
            amount: state.finalAmount,
            finalCase: state.finalCase,
            swapped: state.wasSwapped,
          }
        : null,
  };
}

/** The gift ids case by case (case 1 first): published with the serverSeed once the game is over. */
export function sessionBoard(session: GameSession): number[] {
  return session.state.briefcaseGifts.map((gift) => gift.id);
}

/**
 * The board's state from a public state, for a board that does not hold the session (a signed-in player's
 * game lives on the server). Every rule-relevant figure is the session's; an unopened case holds one of the
 * gifts not yet seen (which one is not known, and nothing shows it): the value boards, the remaining values
 * and the banker's average come out right. Once the game is over the view holds every case, and so does this.
 */
export function gameStateFromView(view: LiveGamePublic, clientGameId: string): GameState {
  const seen = new Set(view.cases.flatMap((c) => (c.giftId === undefined ? [] : [c.giftId])));
  const unseen = view.giftIds.filter((id) => !seen.has(id));
  const briefcaseGifts = view.cases.map((c) => {
    const gift = giftById(c.giftId ?? unseen.shift()!);
    if (!gift) throw new Error(`gift ${String(c.giftId)} of case ${c.number} is not in the catalogue`);
    return gift;
  });
  const unopened = view.cases.filter((c) => !c.opened).length;
  return {
    clientGameId,
    briefcaseGifts,
    selectedCase: view.playerCase,
    eliminatedCases: [...view.openedOrder],
    currentRound: view.round,
    casesRemaining: unopened - (view.playerCase === null ? 0 : 1),
    bankerOffer: view.offers[view.offers.length - 1] ?? 0,
    gamePhase: view.phase,
    casesToEliminateThisRound:
      view.phase === 'selection' ? roundQuota(1) : view.openedThisRound + view.casesToOpen,
    casesEliminatedThisRound: view.openedThisRound,
    offerHistory: [...view.offers],
    wasSwapped: view.result?.swapped ?? null,
    gameOutcome: view.result?.outcome ?? null,
    finalAmount: view.result?.amount ?? null,
    finalCase: view.result?.finalCase ?? null,
  };
}
