import {
  caseContainedText,
  caseEliminatedText,
  dealRevealMessage,
  finalRevealMessage,
  finalRevealTitle,
  formatCoins,
  GAME_TEXT,
  giftInCase,
  ifYouRejectText,
  keepCaseLabel,
  boardAverage,
  offerShareOfAverage,
  offerShareText,
  offerStepText,
  offerSteps,
  SHOW_TEXT,
  swapCaseLabel,
  youWonText,
  yourCaseContainedText,
  type Gift,
} from '@dond/shared';
import { useId, useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectBoardView } from './boardView';
import { useGame } from '../game/GameProvider';
import { useSessionStore } from '../store/sessionStore';
import { useShowStore } from '../store/showStore';

function Dialog({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section role="dialog" aria-labelledby={id} className={className}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function ValueList({ title, gifts, opened }: { title: string; gifts: Gift[]; opened: Set<number> }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul aria-labelledby={id}>
        {gifts.map((gift) => {
          const text = `${gift.name} ${formatCoins(gift.coins)}`;
          return <li key={gift.id}>{opened.has(gift.id) ? <del>{text}</del> : text}</li>;
        })}
      </ul>
    </section>
  );
}

/**
 * Every text the canvas board shows, as visually hidden DOM (ARCHITECTURE.md habit 7): the value lists, the
 * status line (role status), the opened cases, and each overlay as a dialog named by its title. The buttons
 * are not here: Pixi's accessibility layer gives each case and overlay button its own.
 */
export function BoardMirror() {
  // Only what it shows: the lock and a case waiting for the server change nothing here.
  const { game, overlay, caseReveal } = useGame(
    useShallow((s) => ({ game: s.game, overlay: s.overlay, caseReveal: s.caseReveal })),
  );
  const viewMode = useSessionStore((s) => s.viewMode);
  const celebration = useShowStore((s) => s.celebration);
  const view = useMemo(() => selectBoardView(game, overlay, viewMode), [game, overlay, viewMode]);
  const { lower, higher, openedGiftIds: opened, status, shownOpen, playerGift, finalGift, other } = view;
  const { givenUp, givenUpGift } = view;

  return (
    <div className="visually-hidden board-mirror" data-celebration={celebration?.kind}>
      <ValueList title={GAME_TEXT.lowerValues} gifts={lower} opened={opened} />
      <section aria-labelledby="cases-title">
        <h2 id="cases-title">{GAME_TEXT.boardTitle}</h2>
        <p role="status">
          {status.map((part) => (
            <span key={part}>{part} </span>
          ))}
        </p>
        {game.selectedCase !== null && (
          <p>
            ★ {GAME_TEXT.yourCase} #{game.selectedCase}
          </p>
        )}
        <ul aria-label="Opened cases">
          {shownOpen.map((n) => {
            const gift = giftInCase(game, n);
            return gift ? (
              <li key={n}>
                Case {n}
                {n === game.selectedCase ? ` (★ ${GAME_TEXT.yourCase})` : ''}: {gift.name}{' '}
                {formatCoins(gift.coins)}
              </li>
            ) : null;
          })}
        </ul>
        {viewMode === 'tablet' && <h3>{GAME_TEXT.gameControls}</h3>}
      </section>
      <ValueList title={GAME_TEXT.higherValues} gifts={higher} opened={opened} />

      {caseReveal?.isVisible && overlay === null && (
        <Dialog title={GAME_TEXT.caseEliminatedTitle}>
          <p>{caseEliminatedText(caseReveal.caseNumber, caseReveal.gift.coins)}</p>
          <p>{caseReveal.gift.name}</p>
        </Dialog>
      )}

      {overlay === 'phone' && (
        <Dialog title={GAME_TEXT.bankerCalling}>
          <p>{GAME_TEXT.bankerPreparing}</p>
        </Dialog>
      )}

      {overlay === 'offer' && (
        <Dialog title={GAME_TEXT.bankerOffer}>
          <p className="offer-amount">{formatCoins(game.bankerOffer)}</p>
          <p>{ifYouRejectText(view.casesIfRejected)}</p>
          <p className="offer-share">
            {offerShareText(offerShareOfAverage(game.bankerOffer, boardAverage(game)))}
          </p>
          <p className="board-average">
            {SHOW_TEXT.boardAverage} {formatCoins(Math.round(boardAverage(game)))}
          </p>
          <h3>{GAME_TEXT.previousOffers}</h3>
          <ol className="previous-offers">
            {game.offerHistory.slice(0, -1).map((offer, i) => (
              <li key={i}>{formatCoins(offer)}</li>
            ))}
          </ol>
          <ol className="offer-history" aria-label="Offer history">
            {offerSteps(game.offerHistory).map((step, i) => (
              <li key={i} data-direction={step.direction} aria-current={step.current ? 'true' : undefined}>
                {offerStepText(i, step.offer, step.direction, step.current)}
              </li>
            ))}
          </ol>
        </Dialog>
      )}

      {celebration && (
        <p role="status" className="celebration">
          {SHOW_TEXT.celebration[celebration.kind]}
        </p>
      )}

      {overlay === 'dealReveal' && playerGift && game.finalAmount !== null && (
        <Dialog title={GAME_TEXT.dealTitle}>
          <p className="offer-amount">{youWonText(game.finalAmount)}</p>
          <p>{yourCaseContainedText(game.selectedCase ?? 0)}</p>
          <p>
            {formatCoins(playerGift.coins)} {playerGift.name}
          </p>
          <p>{dealRevealMessage(game.finalAmount, playerGift.coins)}</p>
        </Dialog>
      )}

      {overlay === 'finalDecision' && game.selectedCase !== null && other !== null && (
        <Dialog title={GAME_TEXT.finalDecisionTitle}>
          <p>{GAME_TEXT.finalDecisionText}</p>
          <p>
            {GAME_TEXT.yourCase} #{game.selectedCase} · {GAME_TEXT.otherCase} #{other}
          </p>
          <p>
            {keepCaseLabel(game.selectedCase)} · {swapCaseLabel(other)}
          </p>
          <p>{GAME_TEXT.finalDecisionNote}</p>
        </Dialog>
      )}

      {overlay === 'finalReveal' &&
        finalGift &&
        givenUpGift &&
        givenUp !== null &&
        game.finalAmount !== null && (
          <Dialog title={finalRevealTitle(game.wasSwapped === true)}>
            <p className="offer-amount">{youWonText(game.finalAmount)}</p>
            <p className="won-case">
              {yourCaseContainedText(game.finalCase ?? 0)} {formatCoins(finalGift.coins)} {finalGift.name}
            </p>
            <p className="given-up-case">
              {caseContainedText(givenUp)} {formatCoins(givenUpGift.coins)} {givenUpGift.name}
            </p>
            <p className="reveal-message">{finalRevealMessage(game.finalAmount, givenUpGift.coins)}</p>
          </Dialog>
        )}

      {overlay === 'confirmNewGame' && (
        <Dialog title={GAME_TEXT.confirmNewGameTitle}>
          <p>{GAME_TEXT.confirmNewGameText}</p>
        </Dialog>
      )}
    </div>
  );
}
