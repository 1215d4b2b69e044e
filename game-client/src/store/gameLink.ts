import {
  applySessionAction,
  liveActionAnswerSchema,
  liveGamePublicSchema,
  publicGameState,
  startSession,
  commitmentOf,
  toHex,
  type GameEvent,
  type Gift,
  type GameSession,
  type LiveAction,
  type LiveGamePublic,
  SCREEN_ID_HEADER,
} from '@dond/shared';
import { takeEarlyRead } from '../api/early';
import { apiJson, apiRequest, browserTransport, HttpError, type ApiTransport } from '../api/request';
import { realClock, type Clock } from '../game/clock';
import { CURRENT_LIVE_GAME_URL } from './storageKeys';

/**
 * What an action did: the public state after it and the events the session emitted for it (the tab's session
 * or the server's, in order). `events` is null when the state is known but not what led to it (another screen's
 * action went first): the board then shows the state as it stands.
 */
export interface ActionStep {
  view: LiveGamePublic;
  events: readonly GameEvent[] | null;
}

/**
 * Where a game lives: in this tab for a guest (a session in memory, answered at once), on the server for a
 * signed-in player (every action a request, the answer the new public state and its events). The board sees
 * public states and the session's events either way, so a guest's game and a live one run through the same code.
 */
export interface GameLink {
  readonly kind: 'local' | 'remote';
  /** What the action did; a refused action throws ActionRefused. */
  act(view: LiveGamePublic, action: LiveAction): ActionStep | Promise<ActionStep>;
}

export class ActionRefused extends Error {}

/** `bytes` random bytes as hex, from getRandomValues (which a page on plain http has too). */
export const randomHex = (bytes: number) => toHex(crypto.getRandomValues(new Uint8Array(bytes)));

/** A clientSeed of 16 random characters of the allowed alphabet. */
export const randomClientSeed = () => randomHex(8);

/** A guest's game: dealt and played in this tab, with the same fair dealing as the server's. */
export function startLocalGame(gifts: readonly Gift[]): { link: GameLink; view: LiveGamePublic } {
  const id = crypto.randomUUID();
  const serverSeed = randomHex(32);
  const commitment = commitmentOf(serverSeed);
  let session: GameSession = startSession(gifts, { serverSeed, clientSeed: randomClientSeed() }, id);
  const link: GameLink = {
    kind: 'local',
    act(_view, action) {
      const step = applySessionAction(session, action);
      if (step.rejected) throw new ActionRefused(step.rejected.message);
      session = step.session;
      return { view: publicGameState(session, id, commitment), events: step.events };
    },
  };
  return { link, view: publicGameState(session, id, commitment) };
}

const parseView = { parse: (value: unknown) => liveGamePublicSchema.parse(value) as LiveGamePublic };
/** An action's answer: the state and the events the server's session emitted for the action. */
const parseStep = {
  parse(value: unknown): ActionStep {
    const { events, ...view } = liveActionAnswerSchema.parse(value);
    return { view: view as LiveGamePublic, events: events as GameEvent[] };
  },
};

/** Back-off between attempts of an action that did not reach the server: 0.5 s doubling to 5 s. */
export const retryDelayMs = (attempt: number) => Math.min(500 * 2 ** (attempt - 1), 5000);

/** Whether a failed request is worth another attempt: no answer, or the server or a proxy in trouble. */
const isTransient = (error: unknown) =>
  !(error instanceof HttpError) || error.status >= 500 || error.status === 429;

export interface RemoteHooks {
  /** Called with true while an action is being retried, false once it went through. */
  onReconnecting(reconnecting: boolean): void;
  /** Whether the answer is still wanted (false once another game started). */
  stillWanted(): boolean;
}

/** No game yet (a live one is being started or resumed): every action waits for it. */
export const waitingLink: GameLink = {
  kind: 'remote',
  act() {
    throw new ActionRefused('the game is not dealt yet');
  },
};

/**
 * Where the server's calls go and on which clock their retries wait: the page's, or a test's; and the screen that
 * makes them, named on each change it sends (X-Screen-Id) so that the server pushes none of them back to it.
 */
export interface ServerLink {
  api: ApiTransport;
  clock: Clock;
  screenId?: string;
}

/** The headers of a change a screen sends. */
const fromScreen = (server: ServerLink): Record<string, string> =>
  server.screenId ? { [SCREEN_ID_HEADER]: server.screenId } : {};

const pageServer: ServerLink = { api: browserTransport, clock: realClock };

/** A signed-in player's live game on the server. */
export function remoteLink(hooks: RemoteHooks, server: ServerLink = pageServer): GameLink {
  return {
    kind: 'remote',
    async act(view, action) {
      const url = `/api/live-games/${view.id}/actions`;
      try {
        // An attempt whose answer was lost is sent again as it was: the server answers a repeat of the game's
        // last action with its state and events again.
        return await retrying(
          () => apiJson('POST', url, { seq: view.seq, ...action }, parseStep, server.api, fromScreen(server)),
          hooks,
          server.clock,
        );
      } catch (error) {
        if (!hooks.stillWanted()) throw new ActionRefused('the game was left');
        if (error instanceof HttpError && error.status === 409) {
          // Another screen of the player's went first: the server's state decides, shown as it stands.
          const current = await currentLiveGame(server);
          if (current && current.id === view.id && current.seq === view.seq + 1)
            return { view: current, events: null };
          throw new ActionRefused(error.serverMessage ?? error.message);
        }
        throw new ActionRefused(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/**
 * A call to the server, made again while it fails for want of a connection (behind 'Reconnecting...', with
 * back-off) and while it is still wanted; any other failure is thrown at once.
 */
export async function retrying<T>(
  call: () => Promise<T>,
  hooks: RemoteHooks,
  clock: Clock = realClock,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await call();
      if (attempt > 1) hooks.onReconnecting(false);
      return answer;
    } catch (error) {
      if (!hooks.stillWanted() || !isTransient(error)) {
        if (attempt > 1) hooks.onReconnecting(false);
        throw error;
      }
      if (attempt === 1) hooks.onReconnecting(true);
      await new Promise<void>((resolve) => clock.setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/** Starts a live game on the server (abandoning the player's unfinished one). */
export function startLiveGame(
  customGiftSetId: number | null,
  server: ServerLink = pageServer,
): Promise<LiveGamePublic> {
  return apiJson(
    'POST',
    '/api/live-games',
    { clientSeed: randomClientSeed(), ...(customGiftSetId ? { customGiftSetId } : {}) },
    parseView,
    server.api,
    fromScreen(server),
  );
}

/**
 * Tells the player's other screens (the stages, the deck) that CONTINUE closed this DEAL's reveal. A presentation
 * step only: a lost call leaves the reveal up on a stage until the next game, nothing of the game changes.
 */
export function continueAfterDeal(id: string, server: ServerLink = pageServer): Promise<unknown> {
  return apiRequest('POST', `/api/live-games/${id}/continue`, undefined, server.api, fromScreen(server));
}

/** How long after the page started the head's read of the game in progress may stand for a fresh one. */
const EARLY_LIVE_GAME_MS = 10_000;

/** The player's unfinished live game, or null. */
export async function currentLiveGame(server: ServerLink = pageServer): Promise<LiveGamePublic | null> {
  // The read the page's head started for a returning player, when the board asks for it as the page opens: a
  // game (200) or none (404). Anything else, or later, is asked again.
  const early = server.api === browserTransport ? takeEarlyRead('liveGame') : undefined;
  if (early && performance.now() < EARLY_LIVE_GAME_MS) {
    const answer = await early.catch(() => undefined);
    if (answer?.status === 404) return null;
    if (answer?.ok) return parseView.parse(await answer.json());
  }
  try {
    return await apiJson('GET', CURRENT_LIVE_GAME_URL, undefined, parseView, server.api);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}
