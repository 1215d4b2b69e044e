// A live game brought to a late phase over the API, so a browser test opens a screen there (a signed-in player's
// live game is the server's: the board, the deck and the stages show it as it stands) instead of tapping there.
import { nextPlannedAction, type LiveGamePublic, type PlayPlan } from '@dond/shared';
import type { APIRequestContext } from '@playwright/test';
import { liveClient } from './admin';

/** How many cases of a game are open. */
export const openedCount = (view: LiveGamePublic) => view.cases.filter((c) => c.opened).length;

/**
 * Plays the plan's actions as the signed-in `session` (a page's `request` shares its cookie) until `stop` says the
 * game is where the test wants it, or the game is over; answers that state. The game is a new one, or with
 * `current` the player's game in progress (started on a screen).
 */
export async function playLiveUntil(
  session: APIRequestContext,
  plan: PlayPlan,
  stop: (view: LiveGamePublic) => boolean,
  { current = false } = {},
): Promise<LiveGamePublic> {
  const client = liveClient(session);
  const first = current
    ? await session
        .get('/api/live-games/current')
        .then(async (r) => ({ status: r.status(), text: await r.text() }))
    : await client.post('/api/live-games', {});
  if (first.status !== (current ? 200 : 201)) throw new Error(`start: ${first.status} ${first.text}`);
  let view = JSON.parse(first.text) as LiveGamePublic;
  for (
    let action = nextPlannedAction(view, plan);
    action && !stop(view);
    action = nextPlannedAction(view, plan)
  ) {
    const res = await client.post(`/api/live-games/${view.id}/actions`, { seq: view.seq, ...action });
    if (res.status !== 200) throw new Error(`${action.type} at seq ${view.seq}: ${res.status} ${res.text}`);
    view = res.body as LiveGamePublic;
  }
  return view;
}
