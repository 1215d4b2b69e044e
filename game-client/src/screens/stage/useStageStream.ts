import {
  STAGE_PATH_PREFIX,
  type AudienceGift,
  type AudienceLeaderboard,
  type AudiencePush,
  type AudienceSocial,
  type StageContinue,
  type StageGame,
} from '@dond/shared';
import { useEffect, useState } from 'react';
import { fetchStageLeaderboard } from '../../api/audience';
import { useStageInfo } from '../../api/stage';
import { useAudienceStore } from '../../store/audienceStore';
import type { GameController } from '../../game/controller';

/** 'watching' once the first state is in (`hasGame` says whether the streamer has a game to show). */
export type StageStatus =
  { state: 'connecting' } | { state: 'watching'; hasGame: boolean } | { state: 'invalid' };

/** How long a stage waits before it tries its stream again after losing it for good (EventSource gave up). */
const RETRY_MS = 2000;

/**
 * The streamer's game pushed to this stage (GET /api/stage/{key}/events) into the screen's controller, which plays each
 * change as the board does. EventSource reconnects by itself after a dropped connection and the stream starts
 * with the game as it is, so a stage catches up; a refused key (404) or a replaced one ('revoked') is invalid.
 */
export function useStageStream(key: string | null, controller: GameController): StageStatus {
  const [status, setStatus] = useState<StageStatus>({ state: 'connecting' });
  useEffect(() => {
    if (!key) return;
    // A new key (the old one replaced on another screen) starts over.
    setStatus((s) => (s.state === 'invalid' ? { state: 'connecting' } : s));
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // The leaderboards' first read, again after each reconnect (pushes may have been missed); a push that lands
    // while it is on its way is newer, so the read's answer is then dropped.
    let pushedBoards = 0;
    const readLeaderboard = () => {
      const before = pushedBoards;
      fetchStageLeaderboard(key).then(
        (board) => {
          if (!stopped && pushedBoards === before) useAudienceStore.getState().setLeaderboard(board);
        },
        () => {}, // the next push brings them
      );
    };
    const connect = () => {
      // The screen's id: the server sends this screen none of its own changes (their answers brought them).
      source = new EventSource(
        `/api${STAGE_PATH_PREFIX}${encodeURIComponent(key)}/events?screen=${encodeURIComponent(controller.screenId)}`,
      );
      source.onopen = readLeaderboard;
      source.addEventListener('game', (event) => {
        const { game, events } = JSON.parse((event as MessageEvent<string>).data) as StageGame;
        if (game) {
          controller.follow(game, events);
          useAudienceStore.getState().fromView(game);
        }
        setStatus((s) =>
          s.state === 'watching' && (s.hasGame || !game) ? s : { state: 'watching', hasGame: !!game },
        );
      });
      source.addEventListener('continue', (event) => {
        const { gameId } = JSON.parse((event as MessageEvent<string>).data) as StageContinue;
        controller.followContinue(gameId);
      });
      // The stream's audience (issue 20): its votes or calls as they come, its gifts, likes, follows and shares,
      // and its leaderboards.
      source.addEventListener('audience', (event) => {
        useAudienceStore.getState().push(JSON.parse((event as MessageEvent<string>).data) as AudiencePush);
      });
      source.addEventListener('gift', (event) => {
        useAudienceStore.getState().gift(JSON.parse((event as MessageEvent<string>).data) as AudienceGift);
      });
      source.addEventListener('social', (event) => {
        useAudienceStore
          .getState()
          .social(JSON.parse((event as MessageEvent<string>).data) as AudienceSocial);
      });
      source.addEventListener('leaderboard', (event) => {
        pushedBoards++;
        useAudienceStore
          .getState()
          .setLeaderboard(JSON.parse((event as MessageEvent<string>).data) as AudienceLeaderboard);
      });
      source.addEventListener('revoked', () => {
        source?.close();
        setStatus({ state: 'invalid' });
      });
      source.onerror = () => {
        // Still CONNECTING: EventSource tries again by itself. CLOSED: it was refused; is the key still good?
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        void fetch(`/api${STAGE_PATH_PREFIX}${encodeURIComponent(key)}/game`).then(
          (res) => {
            if (stopped) return;
            if (res.status === 404) setStatus({ state: 'invalid' });
            else retry = setTimeout(connect, RETRY_MS);
          },
          () => {
            if (!stopped) retry = setTimeout(connect, RETRY_MS);
          },
        );
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [key, controller]);
  return status;
}

/**
 * The signed-in player's own screens (the board at /, the control deck) follow each other's plays through their
 * stage's stream. A new stage key made on another screen ends the stream ('revoked'): ask for the new key and
 * follow on.
 */
export function useFollowOwnGame(enabled: boolean, controller: GameController): void {
  const info = useStageInfo(enabled);
  const status = useStageStream(enabled ? (info.data?.key ?? null) : null, controller);
  const { refetch } = info;
  useEffect(() => {
    if (status.state === 'invalid') void refetch();
  }, [status.state, refetch]);
}
