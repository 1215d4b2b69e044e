// Real games for the tests and benchmarks, played by the one headless player of @dond/shared (nextPlannedAction):
// through the API as a live game (playLiveGame: what every API test saves), or as a session in memory
// (playGame: rows for loaders that fill the games table directly, and payloads for the rules' own checks).
import { createHash, randomUUID } from 'node:crypto';
import {
  applySessionAction,
  buildSavedGame,
  createRng,
  nextPlannedAction,
  publicGameState,
  resolveGiftSet,
  startSession,
  type GameEvent,
  type LiveAction,
  type LiveActionAnswer,
  type LiveGamePublic,
  type LivePhase,
  type PlayPlan as SharedPlayPlan,
  type SavedGamePayload,
} from '@dond/shared';
/**
 * What playLiveGame needs of an HTTP client: a TestClient, an adapter of a browser test's request context
 * (e2e/admin.ts's liveClient), or the benchmarks' node:http caller. URLs are the API's paths (`/api/...`).
 */
export interface LiveGameClient {
  post(
    url: string,
    body: object,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; text: string }>;
}

/**
 * Where a game played through the API stops, at the first state (the start's included) that is: in that phase;
 * of that round (and in `phase` if given); or `seq` actions in. A browser test starts its game there and lets the
 * board resume it. A game that ends first is an error: the plan never reaches the stop.
 */
export type LivePlayStop = LivePhase | { round: number; phase?: LivePhase } | { seq: number };

function stopsAt(view: LiveGamePublic, until: LivePlayStop): boolean {
  if (typeof until === 'string') return view.phase === until;
  if ('seq' in until) return view.seq >= until.seq;
  return view.round === until.round && (until.phase === undefined || view.phase === until.phase);
}

export interface PlayPlan extends Omit<SharedPlayPlan, 'choose'> {
  /** Picks the cases to open (at random from this seed) and, in memory, the seeds of the deal. */
  seed?: number;
  /** In memory only: the game's 26 gifts (the default set otherwise). */
  giftIds?: readonly number[] | null;
  customGiftSetId?: number | null;
  /** Through the API: the clientSeed to start with (the server makes one otherwise). */
  clientSeed?: string;
  /** Through the API: headers sent with each action (X-Screen-Id: the screen the actions come from). */
  headers?: Record<string, string>;
}

/** The shared plan, opening cases in a seeded random order so that games vary. */
function sharedPlan(plan: PlayPlan): SharedPlayPlan {
  const rng = createRng(plan.seed ?? 1);
  return { ...plan, choose: (unopened) => unopened[Math.floor(rng() * unopened.length)]! };
}

/**
 * The save payload of a finished game as a client builds it from what it saw: the last public state (every
 * case shown once the game is over) and the cases it opened, in order.
 */
export function payloadOf(
  view: LiveGamePublic,
  actions: readonly LiveAction[],
  customGiftSetId: number | null,
): SavedGamePayload {
  if (!view.result || view.playerCase === null) throw new Error('the game is not over');
  const board = view.cases.map((c) => {
    if (c.giftId === undefined) throw new Error(`case ${c.number} is not shown at the end`);
    return c.giftId;
  });
  return {
    clientGameId: view.id,
    liveGameId: view.id,
    userId: null,
    username: null,
    customGiftSetId,
    firstCaseSelected: view.playerCase,
    playerCaseGiftId: board[view.playerCase - 1]!,
    finalAmount: view.result.amount,
    gameOutcome: view.result.outcome,
    bankerOfferAccepted: view.result.outcome === 'banker_accepted',
    roundsCompleted: view.round,
    casesEliminated: actions.filter((a) => a.type === 'open').map((a) => a.case!),
    giftIdsUsed: board,
  };
}

export interface LiveGameInPlay {
  id: string;
  /** The last answer: the state the game was left in. */
  view: LiveGamePublic;
  /** Every state answered, the start's first (an action's without its `events`). */
  views: LiveGamePublic[];
  actions: LiveAction[];
  /** The events each action's answer carried, action by action. */
  events: (readonly GameEvent[])[];
}

export interface LiveGamePlayed extends LiveGameInPlay {
  /** The save payload of the finished game (liveGameId and clientGameId are the live game's id). */
  payload: SavedGamePayload;
}

/** An action's answer without what the action did: the state, as a read of the game answers it. */
export function stateOf({ events: _events, ...state }: LiveActionAnswer): LiveGamePublic {
  return state;
}

/** Fails with the answer when a call does not answer as a game should. */
function expectState(
  res: Awaited<ReturnType<LiveGameClient['post']>>,
  status: number,
  what: string,
): LiveGamePublic {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.body as LiveGamePublic;
}

/**
 * Starts a live game as the signed-in `client` and plays it through the API: to its end, or with `until` to the
 * first state that stop names (left there, in progress, for the board or a stage to take over).
 */
export async function playLiveGame(client: LiveGameClient, plan?: PlayPlan): Promise<LiveGamePlayed>;
export async function playLiveGame(
  client: LiveGameClient,
  plan: PlayPlan & { until: LivePlayStop },
): Promise<LiveGameInPlay>;
export async function playLiveGame(
  client: LiveGameClient,
  plan: PlayPlan & { until?: LivePlayStop } = {},
): Promise<LiveGameInPlay> {
  const start: Record<string, unknown> = {};
  if (plan.clientSeed !== undefined) start.clientSeed = plan.clientSeed;
  if (plan.customGiftSetId != null) start.customGiftSetId = plan.customGiftSetId;
  let view = expectState(await client.post('/api/live-games', start), 201, 'start');
  const views = [view];
  const actions: LiveAction[] = [];
  const events: (readonly GameEvent[])[] = [];
  const player = sharedPlan(plan);
  const { until } = plan;
  for (;;) {
    if (until !== undefined && stopsAt(view, until)) return { id: view.id, view, views, actions, events };
    const action = nextPlannedAction(view, player);
    if (!action) break;
    const res = await client.post(
      `/api/live-games/${view.id}/actions`,
      { seq: view.seq, ...action },
      plan.headers,
    );
    const answer = expectState(res, 200, `${action.type} at seq ${view.seq}`) as LiveActionAnswer;
    view = stateOf(answer);
    views.push(view);
    actions.push(action);
    events.push(answer.events);
  }
  if (until !== undefined)
    throw new Error(`the game ended (seq ${view.seq}) before ${JSON.stringify(until)}`);
  const played: LiveGamePlayed = {
    id: view.id,
    view,
    views,
    actions,
    events,
    payload: payloadOf(view, actions, plan.customGiftSetId ?? null),
  };
  return played;
}

/** Plays a game through the API and answers its save payload (for POST /api/games or a backup). */
export async function liveGamePayload(
  client: LiveGameClient,
  plan: PlayPlan = {},
): Promise<SavedGamePayload> {
  return (await playLiveGame(client, plan)).payload;
}

/**
 * A finished game played in memory by the same player, dealt from seeds the plan's seed gives: a payload the
 * rules accept, for loaders that write the games table directly. The server saves only live games.
 */
export function playGame(plan: PlayPlan = {}): SavedGamePayload {
  const seed = plan.seed ?? 1;
  const serverSeed = createHash('sha256').update(`test-game-${seed}`).digest('hex');
  const id = randomUUID();
  let session = startSession(
    resolveGiftSet(plan.giftIds ?? null),
    { serverSeed, clientSeed: `s${seed}` },
    id,
  );
  const player = sharedPlan(plan);
  for (
    let action = nextPlannedAction(publicGameState(session, id, ''), player);
    action;
    action = nextPlannedAction(publicGameState(session, id, ''), player)
  ) {
    const step = applySessionAction(session, action);
    if (step.rejected) throw new Error(step.rejected.message);
    session = step.session;
  }
  const payload = buildSavedGame(session.state, {
    userId: null,
    username: null,
    customGiftSetId: plan.customGiftSetId ?? null,
  });
  if (!payload) throw new Error('the game did not end');
  return payload;
}
