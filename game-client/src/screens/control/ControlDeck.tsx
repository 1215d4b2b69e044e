import {
  formatCoins,
  GAME_TEXT,
  giftInCase,
  keepCaseLabel,
  swapCaseLabel,
  type CurrentUser,
  type StageLayout,
} from '@dond/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { useNewStageKey, useStageInfo } from '../../api/stage';
import { selectBoardView } from '../../board/boardView';
import { createGameController, type GameController } from '../../game/controller';
import { GameProvider, useGame, useGameController } from '../../game/GameProvider';
import { useGameSession } from '../game/useGameSession';
import { STAGE_CANVAS, DEFAULT_SAFE_ZONE, type SafeZone } from '../stage/stageOptions';
import { useFollowOwnGame } from '../stage/useStageStream';
import { DECK_HOTKEYS, deckCommand } from './deckKeys';
import { AudienceDeck } from '../audience/AudienceDeck';

/** The stage URL with the options the deck sets (layout and defaults left out). */
function stageUrlWith(
  base: string,
  options: { bg: string; sound: boolean; zone: SafeZone; guides?: boolean },
) {
  const url = new URL(base);
  if (options.bg !== 'transparent') url.searchParams.set('bg', options.bg);
  if (options.sound) url.searchParams.set('sound', 'on');
  if (options.guides) url.searchParams.set('guides', 'on');
  if (url.searchParams.get('layout') === 'portrait') {
    for (const side of ['top', 'bottom', 'right'] as const)
      if (options.zone[side] !== DEFAULT_SAFE_ZONE[side])
        url.searchParams.set(side, String(options.zone[side]));
  }
  return url.toString();
}

/** The game as the deck shows it, and the buttons of the phase it is in. */
function DeckGame() {
  const { game, overlay, locked } = useGame(
    useShallow((s) => ({ game: s.game, overlay: s.overlay, locked: s.locked })),
  );
  const actions = useGameController();
  const view = useMemo(() => selectBoardView(game, overlay, 'mobile'), [game, overlay]);
  const phase = game.gamePhase;
  const tappable = (n: number) =>
    !view.modal &&
    !game.eliminatedCases.includes(n) &&
    (phase === 'selection' || (view.eliminating && n !== game.selectedCase));
  return (
    <section className="deck-game" aria-label="Game">
      <p role="status" className="deck-status">
        {view.status.join(' · ')}
      </p>
      <div className="deck-cases">
        {game.briefcaseGifts.map((_, i) => {
          const n = i + 1;
          const opened = view.dealt || game.eliminatedCases.includes(n);
          const mine = n === game.selectedCase;
          if (opened) {
            const gift = giftInCase(game, n);
            return (
              <span
                key={n}
                className="deck-case deck-case-open"
                title={gift ? `Case ${n}: ${gift.name}` : undefined}
              >
                {n}
                <small>{gift ? formatCoins(gift.coins) : ''}</small>
              </span>
            );
          }
          const name = mine ? `Briefcase ${n}, your case` : `Briefcase ${n}`;
          return (
            <button
              key={n}
              type="button"
              className={`deck-case${mine ? ' deck-case-mine' : ''}`}
              aria-label={name}
              disabled={!tappable(n)}
              onClick={() => actions.tapCase(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
      <div className="deck-actions">
        {overlay === 'offer' && (
          <>
            <p className="deck-offer">
              {GAME_TEXT.bankerOffer}: {formatCoins(game.bankerOffer ?? 0)}
            </p>
            <button type="button" className="btn btn-primary" disabled={locked} onClick={actions.deal}>
              {GAME_TEXT.deal}
            </button>
            <button type="button" className="btn btn-danger" disabled={locked} onClick={actions.noDeal}>
              {GAME_TEXT.noDeal}
            </button>
          </>
        )}
        {overlay === 'finalDecision' && game.selectedCase !== null && view.other !== null && (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={locked}
              onClick={() => actions.keepOrSwap(false)}
            >
              {keepCaseLabel(game.selectedCase)}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={locked}
              onClick={() => actions.keepOrSwap(true)}
            >
              {swapCaseLabel(view.other)}
            </button>
          </>
        )}
        {overlay === 'dealReveal' && (
          <button type="button" className="btn btn-primary" onClick={actions.closeDealReveal}>
            {GAME_TEXT.continue}
          </button>
        )}
        {overlay === 'confirmNewGame' ? (
          <section role="dialog" aria-label={GAME_TEXT.confirmNewGameTitle} className="deck-confirm">
            <p>{GAME_TEXT.confirmNewGameText}</p>
            <button type="button" className="btn btn-danger" onClick={actions.confirmNewGame}>
              {GAME_TEXT.confirmNewGame}
            </button>
            <button type="button" className="btn" onClick={actions.keepPlaying}>
              {GAME_TEXT.keepPlaying}
            </button>
          </section>
        ) : (
          <button type="button" className="btn" onClick={() => actions.newGame()}>
            {GAME_TEXT.newGame}
          </button>
        )}
      </div>
      {game.offerHistory.length > 0 && (
        <p className="deck-offers">
          {GAME_TEXT.previousOffers}: {game.offerHistory.map((o) => formatCoins(o)).join(', ')}
        </p>
      )}
      <div className="deck-values">
        {[
          [GAME_TEXT.lowerValues, view.lower],
          [GAME_TEXT.higherValues, view.higher],
        ].map(([title, gifts]) => (
          <section key={title as string} aria-label={title as string}>
            <h3>{title as string}</h3>
            <ul>
              {(gifts as typeof view.lower).map((gift) => (
                <li key={gift.id} className={view.openedGiftIds.has(gift.id) ? 'deck-value-gone' : undefined}>
                  {view.openedGiftIds.has(gift.id) ? (
                    <del>{formatCoins(gift.coins)}</del>
                  ) : (
                    formatCoins(gift.coins)
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

/** The deck's hotkeys, on the whole window but not while typing in a field. */
function useDeckHotkeys(controller: GameController): string {
  const [typed, setTyped] = useState('');
  // The digits typed so far, read by the listener without re-subscribing on each key.
  const typedRef = useRef('');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea')) return;
      // Space and Enter on a focused button are that button's own press.
      if (
        (event.key === ' ' || (event.key === 'Enter' && !event.ctrlKey)) &&
        target?.closest('button') &&
        !typedRef.current
      )
        return;
      const command = deckCommand(event.key, typedRef.current, {
        ctrl: event.ctrlKey,
        alt: event.altKey,
        meta: event.metaKey,
      });
      if (!command) return;
      event.preventDefault();
      const store = controller;
      const { overlay, caseReveal } = store.getState();
      const clear = () => {
        typedRef.current = '';
        setTyped('');
      };
      switch (command.type) {
        case 'digit':
          typedRef.current = command.digits;
          setTyped(command.digits);
          return;
        case 'clear':
          return clear();
        case 'case':
          clear();
          return store.tapCase(command.caseNumber);
        case 'deal':
          if (overlay === 'offer') store.deal();
          return;
        case 'noDeal':
          if (overlay === 'offer') store.noDeal();
          return;
        case 'keep':
          return store.keepOrSwap(false);
        case 'swap':
          return store.keepOrSwap(true);
        case 'continue':
          if (overlay === 'dealReveal') return store.closeDealReveal();
          if (caseReveal) return store.closeCaseReveal();
          return;
        case 'newGame':
          return store.newGame();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [controller]);
  return typed;
}

/** The stage's URLs with their options, a new key, and a live preview with the safe-zone guides. */
function DeckStage() {
  const info = useStageInfo();
  const renew = useNewStageKey();
  const [layout, setLayout] = useState<StageLayout>('portrait');
  const [bg, setBg] = useState('transparent');
  const [sound, setSound] = useState(false);
  const [zone, setZone] = useState<SafeZone>({ ...DEFAULT_SAFE_ZONE });
  const [copied, setCopied] = useState<StageLayout | null>(null);
  if (info.isLoading) return <p>Loading the stage…</p>;
  if (!info.data) return <p role="alert">The stage could not load. Reload the page.</p>;
  const options = { bg, sound, zone };
  const urls = {
    landscape: stageUrlWith(info.data.urls.landscape, options),
    portrait: stageUrlWith(info.data.urls.portrait, options),
  };
  const preview = stageUrlWith(info.data.urls[layout], { ...options, sound: false, guides: true });
  const canvas = STAGE_CANVAS[layout];
  const copy = (which: StageLayout) => {
    void navigator.clipboard?.writeText(urls[which]).then(() => setCopied(which));
  };
  return (
    <section className="deck-stage" aria-label="Stage for OBS">
      <h2>Stage for OBS</h2>
      <p className="deck-hint">
        Add a Browser source in OBS with one of these URLs. Keep them secret: anyone with one sees your game.
      </p>
      {(['landscape', 'portrait'] as const).map((which) => (
        <div key={which} className="deck-url">
          <label>
            {which === 'landscape' ? 'Landscape 1920x1080' : 'Portrait 1080x1920 (TikTok LIVE)'}
            <input readOnly value={urls[which]} onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className="btn btn-chip" onClick={() => copy(which)}>
            {copied === which ? 'Copied' : `Copy ${which} URL`}
          </button>
        </div>
      ))}
      <fieldset className="deck-options">
        <legend>Options</legend>
        <label>
          Background
          <select
            value={bg === 'transparent' || bg === 'stage' ? bg : 'chroma'}
            onChange={(e) => setBg(e.target.value === 'chroma' ? '#00ff00' : e.target.value)}
          >
            <option value="transparent">Transparent</option>
            <option value="stage">Stage backdrop</option>
            <option value="chroma">Chroma key colour</option>
          </select>
        </label>
        {bg !== 'transparent' && bg !== 'stage' && (
          <label>
            Chroma colour
            <input type="color" value={bg} onChange={(e) => setBg(e.target.value)} />
          </label>
        )}
        <label>
          <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} /> Sound on the
          stage
        </label>
        {(['top', 'bottom', 'right'] as const).map((side) => (
          <label key={side}>
            Safe zone {side} (px of 1080x1920)
            <input
              type="number"
              min={0}
              max={side === 'right' ? 540 : 1200}
              value={zone[side]}
              onChange={(e) => setZone({ ...zone, [side]: Math.max(0, Number(e.target.value) || 0) })}
            />
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn btn-danger"
        disabled={renew.isPending}
        onClick={() => renew.mutate()}
      >
        New stage key
      </button>
      {renew.isSuccess && (
        <p role="status">A new key: stages with the old URLs have stopped. Paste the new URL in OBS.</p>
      )}
      <div className="deck-preview-head">
        <h3>Preview</h3>
        <div role="group" aria-label="Preview layout">
          {(['portrait', 'landscape'] as const).map((which) => (
            <button
              key={which}
              type="button"
              className="btn btn-chip"
              aria-pressed={layout === which}
              onClick={() => setLayout(which)}
            >
              {which}
            </button>
          ))}
        </div>
      </div>
      <div className="deck-preview" style={{ aspectRatio: `${canvas.width} / ${canvas.height}` }}>
        <iframe title="Stage preview" src={preview} tabIndex={-1} loading="lazy" />
      </div>
    </section>
  );
}

/**
 * /control: the streamer's control deck (issue 18), sized for an OBS custom dock (about 400 px), a second window
 * or a phone. It plays the player's live game (the same game as the board at /, whichever screen plays), with
 * hotkeys, and sets up the stage.
 */
export function ControlDeck({ user }: { user: CurrentUser }) {
  // The deck's own game: the player's live game, as the board at / plays it too.
  const [game] = useState(() => createGameController());
  useGameSession(user, game);
  // The game follows every screen that plays it: the board's taps come back here as pushes.
  useFollowOwnGame(true, game);
  const typed = useDeckHotkeys(game);
  return (
    <GameProvider controller={game}>
      <div className="deck">
        <header className="deck-header">
          <h1>Control deck</h1>
          <Link to="/">Board</Link>
        </header>
        <p className="deck-typed" aria-live="polite">
          {typed ? `Case ${typed}… press Enter` : ' '}
        </p>
        <DeckGame />
        <section className="deck-hotkeys" aria-label="Hotkeys">
          <h2>Hotkeys</h2>
          <dl>
            {DECK_HOTKEYS.map(([keys, what]) => (
              <div key={keys}>
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>
        <AudienceDeck />
        <DeckStage />
      </div>
    </GameProvider>
  );
}
