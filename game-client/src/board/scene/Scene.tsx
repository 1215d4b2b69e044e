import { GAME_TEXT } from '@dond/shared';
import type { Container } from 'pixi.js';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { selectBoardView } from '../boardView';
import type { BoardLayout } from '../layout';
import { CaseToast } from '../overlays/CaseToast';
import { ConfirmNewGameOverlay } from '../overlays/ConfirmNewGameOverlay';
import { FinalDecisionOverlay } from '../overlays/FinalDecisionOverlay';
import { OfferOverlay } from '../overlays/OfferOverlay';
import { PhoneOverlay } from '../overlays/PhoneOverlay';
import { DealRevealOverlay, FinalRevealOverlay } from '../overlays/RevealOverlays';
import { useGame, useGameController } from '../../game/GameProvider';
import { Celebration } from '../show/Celebration';
import { motion } from '../motion/motion';
import { COLORS } from '../theme';
import { Briefcase } from './Briefcase';
import { Controls } from './Controls';
import { headingStyle, textStyle } from './draw';
import { useFitWidth } from './useFitWidth';
import { useFrameOnCommit } from './useFrame';
import { useTweens } from './useTweens';
import { ValueBoardView } from './ValueBoardView';

/**
 * The view-mode change animation: when the player switches Desktop, iPad or Mobile, the new board comes in from
 * a little smaller (or larger), centred, as it fades in. The first board of the page just appears.
 */
function useViewModeChange(layout: BoardLayout) {
  const root = useRef<Container>(null);
  const shownMode = useRef(layout.mode);
  const tween = useTweens();
  useLayoutEffect(() => {
    const c = root.current;
    if (!c || shownMode.current === layout.mode) return;
    shownMode.current = layout.mode;
    const T = motion().viewModeChange;
    c.alpha = 0;
    c.scale.set(T.fromScale);
    c.position.set((layout.width * (1 - T.fromScale)) / 2, (layout.height * (1 - T.fromScale)) / 2);
    tween(c, { alpha: 1, x: 0, y: 0, duration: T.duration, ease: T.ease });
    tween(c.scale, { x: 1, y: 1, duration: T.duration, ease: T.ease });
  }, [layout.mode, layout.width, layout.height, tween]);
  return root;
}

/**
 * The whole board, drawn from the game store: it owns no game state, only how it looks. On a stage (`stage`),
 * without the player's controls.
 */
export function Scene({ layout, stage = false }: { layout: BoardLayout; stage?: boolean }) {
  useFrameOnCommit();
  // The lock shows only on the buttons of the offer and the final decision: a tap on a case that locks the
  // board commits nothing here, so a live game draws no frame while its case waits for the server.
  const { game, overlay, caseReveal, locked } = useGame(
    useShallow((s) => ({
      game: s.game,
      overlay: s.overlay,
      caseReveal: s.caseReveal,
      locked: s.locked && (s.overlay === 'offer' || s.overlay === 'finalDecision'),
    })),
  );
  const actions = useGameController();
  const view = useMemo(() => selectBoardView(game, overlay, layout.mode), [game, overlay, layout.mode]);
  const { lower, higher, openedGiftIds, modal, eliminating, dealt, playerGift, finalGift, other } = view;
  const { givenUp, givenUpGift } = view;
  const phase = game.gamePhase;
  const statusText = view.status.join('    ·    ');
  // Capture-sized type in a narrow centre column: the title and the status line shrink to fit, never spill.
  const titleRef = useFitWidth(layout.title.width, GAME_TEXT.boardTitle);
  const statusRef = useFitWidth(layout.status.width, statusText);
  const { fonts } = layout;
  const root = useViewModeChange(layout);

  return (
    <pixiContainer ref={root}>
      <ValueBoardView
        title={GAME_TEXT.lowerValues}
        layout={layout.lowerValues}
        gifts={lower}
        eliminated={openedGiftIds}
        higher={false}
        titleSize={fonts.valueTitle}
        rowSize={fonts.valueRow}
      />
      <ValueBoardView
        title={GAME_TEXT.higherValues}
        layout={layout.higherValues}
        gifts={higher}
        eliminated={openedGiftIds}
        higher
        titleSize={fonts.valueTitle}
        rowSize={fonts.valueRow}
      />
      <pixiText
        ref={titleRef}
        text={GAME_TEXT.boardTitle}
        anchor={0.5}
        x={layout.title.x + layout.title.width / 2}
        y={layout.title.y + layout.title.height / 2}
        style={headingStyle(fonts.title)}
      />
      <pixiText
        ref={statusRef}
        text={statusText}
        anchor={0.5}
        x={layout.status.x + layout.status.width / 2}
        y={layout.status.y + layout.status.height / 2}
        style={textStyle({
          fontSize: fonts.status,
          fill: dealt ? COLORS.goldLight : eliminating ? COLORS.text : COLORS.muted,
          fontWeight: dealt ? '900' : undefined,
        })}
      />
      {game.briefcaseGifts.map((gift, i) => {
        const n = i + 1;
        const rect = layout.cases[i];
        if (!rect) return null;
        const opened = dealt || game.eliminatedCases.includes(n);
        const mine = n === game.selectedCase;
        const tappable = !modal && !opened && (phase === 'selection' || (eliminating && !mine));
        return (
          <Briefcase
            key={n}
            caseNumber={n}
            rect={rect}
            gift={gift}
            opened={opened}
            mine={mine}
            accessible={!modal && !opened}
            tappable={tappable}
            details={layout.mode === 'desktop'}
            numberSize={fonts.caseNumber}
            labelSize={fonts.caseLabel}
            onTap={actions.tapCase}
          />
        );
      })}
      {!stage && <Controls layout={layout} modal={modal} onNewGame={() => actions.newGame()} />}
      {caseReveal?.isVisible && !modal && (
        <CaseToast
          layout={layout}
          caseNumber={caseReveal.caseNumber}
          gift={caseReveal.gift}
          overHigher={!higher.some((g) => g.id === caseReveal.gift.id)}
          onClose={actions.closeCaseReveal}
        />
      )}
      {overlay === 'phone' && <PhoneOverlay layout={layout} />}
      {overlay === 'offer' && (
        <OfferOverlay
          layout={layout}
          offer={game.bankerOffer}
          previousOffers={game.offerHistory.slice(0, -1)}
          casesToOpen={view.casesIfRejected}
          locked={locked}
          onDeal={actions.deal}
          onNoDeal={actions.noDeal}
        />
      )}
      {overlay === 'dealReveal' && playerGift && game.finalAmount !== null && game.selectedCase !== null && (
        <DealRevealOverlay
          layout={layout}
          offer={game.finalAmount}
          caseNumber={game.selectedCase}
          gift={playerGift}
          onContinue={actions.closeDealReveal}
        />
      )}
      {overlay === 'finalDecision' && game.selectedCase !== null && other !== null && (
        <FinalDecisionOverlay
          layout={layout}
          playerCase={game.selectedCase}
          otherCase={other}
          locked={locked}
          onKeep={() => actions.keepOrSwap(false)}
          onSwap={() => actions.keepOrSwap(true)}
        />
      )}
      {overlay === 'finalReveal' &&
        finalGift &&
        givenUpGift &&
        givenUp !== null &&
        game.finalAmount !== null && (
          <FinalRevealOverlay
            layout={layout}
            swapped={game.wasSwapped === true}
            winnings={game.finalAmount}
            finalGift={finalGift}
            finalCase={game.finalCase ?? 0}
            givenUpCase={givenUp}
            givenUpGift={givenUpGift}
            onNewGame={() => actions.newGame()}
          />
        )}
      {overlay === 'confirmNewGame' && (
        <ConfirmNewGameOverlay
          layout={layout}
          playerCase={game.selectedCase}
          round={game.currentRound}
          casesRemaining={game.casesRemaining}
          onConfirm={actions.confirmNewGame}
          onKeepPlaying={actions.keepPlaying}
        />
      )}
      <Celebration layout={layout} />
    </pixiContainer>
  );
}
