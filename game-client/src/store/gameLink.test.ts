import { nextPlannedAction, resolveGiftSet } from '@dond/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../api/request';
import { ActionRefused, retrying, startLocalGame, type ActionStep } from './gameLink';

afterEach(() => {
  vi.useRealTimers();
});

function hooks() {
  const said: boolean[] = [];
  return { said, stillWanted: () => true, onReconnecting: (on: boolean) => said.push(on) };
}

// The retry policy on a fake clock: when each attempt goes, and what the player is told.
describe('a call to the server, retried', () => {
  it('goes again 0.5 s, then 1 s after a lost connection, says Reconnecting once and when it is back', async () => {
    vi.useFakeTimers();
    const h = hooks();
    const times: number[] = [];
    const call = vi.fn(async () => {
      times.push(Date.now());
      if (times.length < 3) throw new TypeError('Failed to fetch');
      return 'answer';
    });
    const start = Date.now();
    const answer = retrying(call, h);
    await vi.advanceTimersByTimeAsync(499);
    expect(call).toHaveBeenCalledTimes(1);
    expect(h.said).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(answer).resolves.toBe('answer');
    expect(times.map((t) => t - start)).toEqual([0, 500, 1500]);
    expect(h.said).toEqual([true, false]);
  });

  it('backs off up to 5 s between attempts while the server is down (a 503)', async () => {
    vi.useFakeTimers();
    const h = hooks();
    let calls = 0;
    const answer = retrying(async () => {
      if (++calls < 7) throw new HttpError(503, '{"error":"down"}', 'Service Unavailable');
      return calls;
    }, h);
    // 0.5 + 1 + 2 + 4 + 5 + 5 s
    await vi.advanceTimersByTimeAsync(17_499);
    expect(calls).toBe(6);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe(7);
  });

  it('throws a refusal at once, and stops retrying once the game is left', async () => {
    vi.useFakeTimers();
    const refused = retrying(async () => {
      throw new HttpError(422, '{"error":"no"}', 'Unprocessable');
    }, hooks());
    await expect(refused).rejects.toMatchObject({ status: 422 });
    let wanted = true;
    const left = retrying(
      async () => {
        throw new TypeError('Failed to fetch');
      },
      { stillWanted: () => wanted, onReconnecting: () => undefined },
    );
    const caught = left.catch((error: unknown) => error);
    wanted = false;
    await vi.advanceTimersByTimeAsync(500);
    expect(await caught).toBeInstanceOf(TypeError);
  });
});

describe("a guest's game in the tab", () => {
  it("answers each action at once with the public state and the session's events, and refuses what the rules refuse", () => {
    const { link, view } = startLocalGame(resolveGiftSet(null));
    expect(view.cases.every((c) => c.giftId === undefined)).toBe(true);
    let state = view;
    for (let a = nextPlannedAction(state, { pick: 7 }); a; a = nextPlannedAction(state, { pick: 7 })) {
      const answer = link.act(state, a);
      expect(answer).not.toBeInstanceOf(Promise);
      const step = answer as ActionStep;
      // Each action says what it did: the pick, a case opened (and the phone when it ends a round), the answer.
      const first = {
        pick: 'caseSelected',
        open: 'caseEliminated',
        noDeal: undefined,
        keep: 'finalRevealed',
      }[a.type as 'pick' | 'open' | 'noDeal' | 'keep'];
      if (first) expect(step.events?.[0]?.type).toBe(first);
      if (step.view.phase === 'offer' && state.phase === 'elimination')
        expect(step.events?.map((e) => e.type)).toEqual(['caseEliminated', 'bankerCalling', 'offerShown']);
      state = step.view;
    }
    expect(state.result?.outcome).toBe('won');
    expect(() => link.act(state, { type: 'deal' })).toThrow(ActionRefused);
  });
});
