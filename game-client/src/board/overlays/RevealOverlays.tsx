import {
  caseContainedText,
  dealRevealMessage,
  finalRevealMessage,
  finalRevealTitle,
  GAME_TEXT,
  youWonText,
  yourCaseContainedText,
  type Gift,
} from '@dond/shared';
import type { BoardLayout } from '../layout';
import { Button } from '../scene/Button';
import { headingStyle } from '../scene/draw';
import { COLORS } from '../theme';
import { GiftShowcase } from './GiftShowcase';
import { OverlayBody } from './OverlayBody';
import { OverlayFrame } from './OverlayFrame';
import { actionRow } from './placement';

/** The share of the panel's width the closing message wraps at. */
const MESSAGE_WRAP = 0.86;

function Reveal({
  layout,
  title,
  won,
  lead,
  gift,
  message,
  action,
  onAction,
  opened,
  animation,
}: {
  animation: 'dealReveal' | 'finalReveal';
  layout: BoardLayout;
  title: string;
  won: number;
  lead: string | null;
  gift: Gift;
  message: string;
  /** The final reveal also opens the case given up, beside the one won. */
  opened?: { label: string; gift: Gift; wonLabel: string };
  action: string;
  onAction: () => void;
}) {
  const { overlay: panel, fonts } = layout;
  const cx = panel.width / 2;
  const wonSize = Math.round(fonts.overlayTitle * 0.9);
  const wonY = fonts.overlayTitle * 2.3;
  const leadY = wonY + wonSize * 1.5;
  const [button] = actionRow(panel, fonts.button, 1);
  // The message sits on the button row and grows upwards as it wraps (about 0.55 em a character).
  const messageW = panel.width * MESSAGE_WRAP;
  const messageLines = Math.max(1, Math.ceil((message.length * 0.55 * fonts.overlayBody) / messageW));
  const messageY = button!.y - fonts.overlayBody * (0.8 + 1.25 * messageLines);
  const top = lead ? leadY + fonts.overlayBody * 1.4 : leadY;
  const bottom = messageY - fonts.overlayBody * 2.6;
  // The labels over the two opened cases wrap to two lines in a narrow panel (about 0.55 em a character).
  const longest = opened ? Math.max(opened.label.length, opened.wonLabel.length) : 0;
  const twoLines = longest * 0.55 * fonts.overlayBody * 0.85 > panel.width * 0.38;
  const labelH = opened ? fonts.overlayBody * (twoLines ? 2.7 : 1.5) : 0;
  const size = Math.max(40, Math.min(panel.width * (opened ? 0.22 : 0.3), bottom - top - labelH));
  const giftX = opened ? panel.width * 0.3 : cx;
  const bodyFont = opened ? Math.round(fonts.overlayBody * 0.85) : fonts.overlayBody;
  return (
    <OverlayFrame
      stage={layout}
      panel={panel}
      title={title}
      titleSize={fonts.overlayTitle}
      animation={animation}
    >
      <pixiText
        text={youWonText(won)}
        anchor={{ x: 0.5, y: 0 }}
        x={cx}
        y={wonY}
        style={headingStyle(wonSize, COLORS.goldLight)}
      />
      {lead && (
        <OverlayBody panel={panel} text={lead} y={leadY} fontSize={fonts.overlayBody} fill={COLORS.muted} />
      )}
      <GiftShowcase
        animation={animation}
        gift={gift}
        x={giftX}
        y={top + labelH + size / 2}
        size={size}
        fontSize={bodyFont}
      />
      {opened && (
        <>
          <OverlayBody
            panel={panel}
            text={opened.wonLabel}
            x={giftX}
            y={top}
            fontSize={bodyFont}
            fill={COLORS.cyan}
            wrap={0.38}
          />
          <OverlayBody
            panel={panel}
            text={opened.label}
            x={panel.width * 0.7}
            y={top}
            fontSize={bodyFont}
            fill={COLORS.muted}
            wrap={0.38}
          />
          <GiftShowcase
            animation={animation}
            gift={opened.gift}
            x={panel.width * 0.7}
            y={top + labelH + size / 2}
            size={size}
            fontSize={bodyFont}
          />
        </>
      )}
      <OverlayBody
        panel={panel}
        text={message}
        y={messageY}
        fontSize={fonts.overlayBody}
        fill={COLORS.cyan}
        wrap={MESSAGE_WRAP}
      />
      <Button rect={button!} label={action} fontSize={Math.round(fonts.button * 1.2)} onPress={onAction} />
    </OverlayFrame>
  );
}

/** 'DEAL!': what the deal won, and what the player's own case held. */
export function DealRevealOverlay({
  layout,
  offer,
  caseNumber,
  gift,
  onContinue,
}: {
  layout: BoardLayout;
  offer: number;
  caseNumber: number;
  gift: Gift;
  onContinue: () => void;
}) {
  return (
    <Reveal
      animation="dealReveal"
      layout={layout}
      title={GAME_TEXT.dealTitle}
      won={offer}
      lead={yourCaseContainedText(caseNumber)}
      gift={gift}
      message={dealRevealMessage(offer, gift.coins)}
      action={GAME_TEXT.continue}
      onAction={onContinue}
    />
  );
}

/**
 * 'SWAP!' or 'KEEP!': the case taken home, the case given up opened beside it, and how the two compare
 * (decision 0003).
 */
export function FinalRevealOverlay({
  layout,
  swapped,
  winnings,
  finalGift,
  finalCase,
  givenUpCase,
  givenUpGift,
  onNewGame,
}: {
  layout: BoardLayout;
  swapped: boolean;
  winnings: number;
  finalGift: Gift;
  finalCase: number;
  givenUpCase: number;
  givenUpGift: Gift;
  onNewGame: () => void;
}) {
  return (
    <Reveal
      animation="finalReveal"
      layout={layout}
      title={finalRevealTitle(swapped)}
      won={winnings}
      lead={null}
      gift={finalGift}
      message={finalRevealMessage(winnings, givenUpGift.coins)}
      action={GAME_TEXT.newGame}
      onAction={onNewGame}
      opened={{
        label: caseContainedText(givenUpCase),
        gift: givenUpGift,
        wonLabel: yourCaseContainedText(finalCase),
      }}
    />
  );
}
