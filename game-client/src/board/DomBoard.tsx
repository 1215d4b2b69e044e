import {
  casesToOpenIfRejected,
  caseEliminatedText,
  dealRevealMessage,
  finalRevealMessage,
  finalRevealTitle,
  formatCoins,
  GAME_TEXT,
  giftInCase,
  ifYouRejectText,
  keepCaseLabel,
  otherCase,
  splitValueBoards,
  statusLine,
  swapCaseLabel,
  youWonText,
  yourCaseContainedText,
  type Gift,
} from '@dond/shared';
import { useId, type ReactNode } from 'react';
import { useGameStore } from '../store/gameStore';
import { GiftImage } from '../ui/GiftImage';
import './domBoard.css';

function Dialog({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className="board-overlay" role="presentation">
      <section role="dialog" aria-modal="true" aria-labelledby={id} className={`board-dialog ${className}`}>
        <h2 id={id}>{title}</h2>
        {children}
      </section>
    </div>
  );
}

function ValueBoard({ title, gifts, opened }: { title: string; gifts: Gift[]; opened: Set<number> }) {
  const id = useId();
  return (
    <section className="board-values" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul aria-labelledby={id}>
        {gifts.map((gift) => {
          const text = `${gift.name} ${formatCoins(gift.coins)}`;
          return (
            <li key={gift.id} className={opened.has(gift.id) ? 'value eliminated' : 'value'}>
              {opened.has(gift.id) ? <del>{text}</del> : text}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The board as accessible DOM, driven by the game store: value boards, status line, briefcases and the
 * overlays with SPEC.md's words. Every case and button has the name the browser tests use.
 */
export function DomBoard() {
  const store = useGameStore();
  const { game, overlay, caseReveal, locked } = store;
  const opened = new Set(game.eliminatedCases.map((n) => giftInCase(game, n)?.id ?? -1));
  const { lower, higher } = splitValueBoards(game.briefcaseGifts);
  const eliminating = game.gamePhase === 'elimination';
  const status = statusLine(
    game.currentRound,
    game.casesRemaining,
    eliminating ? game.casesToEliminateThisRound - game.casesEliminatedThisRound : null,
  );
  const playerGift = game.selectedCase === null ? undefined : giftInCase(game, game.selectedCase);
  const finalGift = game.finalCase === null ? undefined : giftInCase(game, game.finalCase);
  const other = otherCase(game);

  return (
    <div className="dom-board">
      <ValueBoard title={GAME_TEXT.lowerValues} gifts={lower} opened={opened} />
      <section className="cases" aria-labelledby="cases-title">
        <h2 id="cases-title">{GAME_TEXT.boardTitle}</h2>
        <p role="status" className="status-line">
          {status.map((part) => (
            <span key={part}>{part}</span>
          ))}
        </p>
        <div className="case-grid">
          {game.briefcaseGifts.map((gift, i) => {
            const n = i + 1;
            if (game.eliminatedCases.includes(n)) {
              return (
                <div key={n} className="case opened">
                  <GiftImage gift={gift} size={40} />
                  <span className="case-coins">{formatCoins(gift.coins)}</span>
                  <span className="case-short">{gift.shortName}</span>
                </div>
              );
            }
            const mine = n === game.selectedCase;
            return (
              <button
                key={n}
                type="button"
                className={mine ? 'case mine' : 'case'}
                aria-label={mine ? `Briefcase ${n}, your case` : `Briefcase ${n}`}
                onClick={() => store.tapCase(n)}
              >
                {mine && <span aria-hidden="true">★</span>}
                <span className="case-number">{n}</span>
                {mine && <span className="case-yours">{GAME_TEXT.yourCase}</span>}
              </button>
            );
          })}
        </div>
        <div className="game-controls">
          <button type="button" className="btn btn-primary" onClick={() => store.newGame()}>
            {GAME_TEXT.newGame}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => store.newGame()}>
            {GAME_TEXT.reset}
          </button>
        </div>
      </section>
      <ValueBoard title={GAME_TEXT.higherValues} gifts={higher} opened={opened} />

      {caseReveal?.isVisible && (
        <section role="dialog" aria-labelledby="case-toast-title" className="case-toast">
          <h2 id="case-toast-title">{GAME_TEXT.caseEliminatedTitle}</h2>
          <GiftImage gift={caseReveal.gift} size={40} />
          <p>{caseEliminatedText(caseReveal.caseNumber, caseReveal.gift.coins)}</p>
          <p>{caseReveal.gift.name}</p>
          <button
            type="button"
            className="btn btn-ghost"
            aria-label="Close"
            onClick={() => store.closeCaseReveal()}
          >
            ×
          </button>
        </section>
      )}

      {overlay === 'phone' && (
        <Dialog title={GAME_TEXT.bankerCalling} className="phone">
          <p>{GAME_TEXT.bankerPreparing}</p>
        </Dialog>
      )}

      {overlay === 'offer' && (
        <Dialog title={GAME_TEXT.bankerOffer}>
          <p className="offer-amount">{formatCoins(game.bankerOffer)}</p>
          <p>{ifYouRejectText(casesToOpenIfRejected(game))}</p>
          <h3>{GAME_TEXT.previousOffers}</h3>
          <ol className="previous-offers">
            {game.offerHistory.slice(0, -1).map((offer, i) => (
              <li key={i}>{formatCoins(offer)}</li>
            ))}
          </ol>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" disabled={locked} onClick={() => store.deal()}>
              {GAME_TEXT.deal}
            </button>
            <button type="button" className="btn btn-danger" disabled={locked} onClick={() => store.noDeal()}>
              {GAME_TEXT.noDeal}
            </button>
          </div>
        </Dialog>
      )}

      {overlay === 'dealReveal' && playerGift && game.finalAmount !== null && (
        <Dialog title={GAME_TEXT.dealTitle}>
          <p className="offer-amount">{youWonText(game.finalAmount)}</p>
          <p>{yourCaseContainedText(game.selectedCase ?? 0)}</p>
          <GiftImage gift={playerGift} size={72} />
          <p>
            {formatCoins(playerGift.coins)} {playerGift.name}
          </p>
          <p>{dealRevealMessage(game.finalAmount, playerGift.coins)}</p>
          <button type="button" className="btn btn-primary" onClick={() => store.closeDealReveal()}>
            {GAME_TEXT.continue}
          </button>
        </Dialog>
      )}

      {overlay === 'finalDecision' && game.selectedCase !== null && other !== null && (
        <Dialog title={GAME_TEXT.finalDecisionTitle}>
          <p>{GAME_TEXT.finalDecisionText}</p>
          <p>
            {GAME_TEXT.yourCase} #{game.selectedCase} · {GAME_TEXT.otherCase} #{other}
          </p>
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={locked}
              onClick={() => store.keepOrSwap(false)}
            >
              {keepCaseLabel(game.selectedCase)}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={locked}
              onClick={() => store.keepOrSwap(true)}
            >
              {swapCaseLabel(other)}
            </button>
          </div>
          <p className="note">{GAME_TEXT.finalDecisionNote}</p>
        </Dialog>
      )}

      {overlay === 'finalReveal' && finalGift && playerGift && game.finalAmount !== null && (
        <Dialog title={finalRevealTitle(game.wasSwapped === true)}>
          <p className="offer-amount">{youWonText(game.finalAmount)}</p>
          <GiftImage gift={finalGift} size={72} />
          <p>
            {formatCoins(finalGift.coins)} {finalGift.name}
          </p>
          <p>{finalRevealMessage(game.finalAmount, playerGift.coins)}</p>
          <button type="button" className="btn btn-primary" onClick={() => store.newGame()}>
            {GAME_TEXT.newGame}
          </button>
        </Dialog>
      )}
    </div>
  );
}
