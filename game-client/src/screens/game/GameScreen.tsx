import type { CurrentUser } from '@dond/shared';
import { Footer } from '../../ui/Footer';
import { Header } from '../../ui/Header';
import { Hint } from '../../ui/Hint';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { Link } from 'react-router-dom';
import { AudioPanel, SoundProvider } from '../../audio';
import { afterBoardSettles } from '../../audio/audioContext';
import { BoardMirror } from '../../board/BoardMirror';
import { rememberBoardLikely, useBoardComponent } from '../../board/preload';
import { takeGameForScreen } from '../../game/earlyGame';
import { GameProvider, useGame, useGameController } from '../../game/GameProvider';
import { useSessionStore, VIEW_MODES } from '../../store/sessionStore';
import { useFollowOwnGame } from '../stage/useStageStream';
import { useGameSession } from './useGameSession';

/** Once a live game is over, the way to its proof (docs/provably-fair.md): anyone may open the link. */
function GameProof() {
  const proof = useGame((s) => (s.live && s.game.gameOutcome !== null ? s.view.id : null));
  if (!proof) return null;
  return (
    <p className="game-proof">
      <Link to={`/verify/${proof}`}>Verify this game: the board was fixed before the first tap</Link>
    </p>
  );
}

/**
 * A signed-in player's board follows the plays of their other screens (the control deck, issue 18) through their
 * stage's stream: asked for once the board is playable and the page idle, never in the first load's way.
 */
function FollowOtherScreens() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterBoardSettles(() => setReady(true)), []);
  useFollowOwnGame(ready, useGameController());
  return null;
}

/**
 * The game's frame: header, view-mode buttons, the audio panel, the board, the footer. Mobile mode turns the
 * whole page. Sound lives as long as this screen (SoundProvider).
 */
export function GameScreen({ user }: { user: CurrentUser | null }) {
  const viewMode = useSessionStore((s) => s.viewMode);
  const setViewMode = useSessionStore((s) => s.setViewMode);
  // Pixi and GSAP come in their own chunk, so the login screen never loads them.
  const PixiBoard = useBoardComponent();
  // The screen's own game: the one the board drawn before the app dealt, if it did (its deal is kept).
  const [game] = useState(takeGameForScreen);
  useGameSession(user, game);
  // Toasts live outside the turned page: they read the mode from the document to turn with it.
  useEffect(() => rememberBoardLikely(true), []);
  // On a phone the turned page is the board's whole short side: bring the board into view (the header and
  // the controls above it are a scroll away), and again whenever the board asks for an answer (the banker's
  // call, an offer, the final decision, a confirmation), so a player who scrolled away never misses its buttons.
  const overlay = useStore(game.store, (s) => s.overlay);
  useEffect(() => {
    if (viewMode === 'mobile') document.getElementById('board-mount')?.scrollIntoView({ block: 'start' });
  }, [viewMode, overlay]);
  useEffect(() => {
    document.documentElement.dataset.viewMode = viewMode;
    return () => {
      delete document.documentElement.dataset.viewMode;
    };
  }, [viewMode]);
  return (
    <GameProvider controller={game}>
      <SoundProvider>
        <div className={`app view-${viewMode}`} data-view-mode={viewMode}>
          <Header user={user} />
          <div className="view-modes" role="group" aria-label="View mode">
            {VIEW_MODES.map(({ mode, label, hint }) => (
              <Hint key={mode} text={hint}>
                <button
                  type="button"
                  className="btn btn-chip"
                  aria-pressed={viewMode === mode}
                  onClick={() => setViewMode(mode)}
                >
                  {label}
                </button>
              </Hint>
            ))}
          </div>
          <AudioPanel />
          <main className="app-stage" id="board-mount" aria-label="Game board">
            {PixiBoard instanceof Error ? (
              <p className="board-error" role="alert">
                The board could not load. Check the connection and reload the page.
              </p>
            ) : (
              PixiBoard && <PixiBoard />
            )}
            <BoardMirror />
          </main>
          <GameProof />
          {user && <FollowOtherScreens />}
          <Footer />
        </div>
      </SoundProvider>
    </GameProvider>
  );
}
