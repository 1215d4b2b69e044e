import { formatNumber, GAME_TEXT, ifYouRejectText } from '@dond/shared';
import type { Graphics, Text } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { BoardLayout } from '../layout';
import { Button } from '../scene/Button';
import { drawCoin, headingStyle, textStyle } from '../scene/draw';
import { COLORS, MOTION } from '../theme';
import { OverlayFrame } from './OverlayFrame';
import { actionRow } from './placement';
import { useTweens } from '../scene/useTweens';

/** "BANKER'S OFFER": the amount, what rejecting costs, the earlier offers, DEAL! and NO DEAL!. */
export function OfferOverlay({
  layout,
  offer,
  previousOffers,
  casesToOpen,
  locked,
  onDeal,
  onNoDeal,
}: {
  layout: BoardLayout;
  offer: number;
  previousOffers: readonly number[];
  casesToOpen: number;
  locked: boolean;
  onDeal: () => void;
  onNoDeal: () => void;
}) {
  const { overlay: panel, fonts } = layout;
  const amount = useRef<Text>(null);
  const coin = useRef<Graphics>(null);
  const amountSize = Math.round(fonts.overlayTitle * 1.6);
  const coinR = amountSize * 0.36;
  // The amount counts up as the banker names it.
  const tween = useTweens();
  useLayoutEffect(() => {
    const text = amount.current;
    if (!text) return;
    // The coin and the number centred together, as the number grows.
    const centre = () => {
      const gap = coinR * 2.5;
      text.x = gap - (gap + text.width) / 2;
      if (coin.current) coin.current.x = text.x - gap + coinR;
    };
    const shown = { value: 0 };
    const count = tween(shown, {
      value: offer,
      duration: MOTION.offerCount,
      ease: 'power2.out',
      onUpdate: () => {
        text.text = formatNumber(Math.round(shown.value));
        centre();
      },
    });
    return () => {
      count.kill();
      text.text = formatNumber(offer);
      centre();
    };
  }, [offer, coinR, tween]);

  const cx = panel.width / 2;
  const buttons = actionRow(panel, fonts.button, 2);
  // The content shares the room between the title and the buttons, the amount in the middle of its top half.
  const top = fonts.overlayTitle * 2;
  const room = buttons[0]!.y - top;
  const amountY = top + room * 0.24;
  const drawAmountCoin = useCallback(
    (g: Graphics) => {
      g.clear();
      drawCoin(g, 0, 0, coinR);
    },
    [coinR],
  );
  const drawDisplay = useCallback(
    (g: Graphics) => {
      g.clear();
      const w = panel.width * 0.66;
      const h = amountSize * 1.5;
      g.roundRect(-w / 2, -h / 2, w, h, h / 3).fill({ color: 0x000000, alpha: 0.35 });
      g.roundRect(-w / 2, -h / 2, w, h, h / 3).stroke({ width: 2, color: COLORS.gold, alpha: 0.6 });
    },
    [panel.width, amountSize],
  );
  const rejectY = top + room * 0.5;
  const historyTitleY = top + room * 0.7;
  const chipsY = historyTitleY + fonts.overlayBody * 1.5;
  return (
    <OverlayFrame stage={layout} panel={panel} title={GAME_TEXT.bankerOffer} titleSize={fonts.overlayTitle}>
      <pixiContainer x={cx} y={amountY}>
        <pixiGraphics draw={drawDisplay} />
        <pixiGraphics ref={coin} draw={drawAmountCoin} x={-amountSize * 1.9} />
        <pixiText
          ref={amount}
          text={formatNumber(offer)}
          anchor={{ x: 0, y: 0.5 }}
          x={-amountSize * 1.9 + coinR * 1.5}
          style={headingStyle(amountSize, COLORS.goldLight)}
        />
      </pixiContainer>
      <pixiText
        text={ifYouRejectText(casesToOpen)}
        anchor={{ x: 0.5, y: 0 }}
        x={cx}
        y={rejectY}
        style={textStyle({
          fontSize: fonts.overlayBody,
          fill: COLORS.text,
          align: 'center',
          wordWrap: true,
          wordWrapWidth: panel.width * 0.8,
        })}
      />
      <pixiText
        text={GAME_TEXT.previousOffers}
        anchor={{ x: 0.5, y: 0 }}
        x={cx}
        y={historyTitleY}
        style={textStyle({
          fontSize: Math.round(fonts.overlayBody * 0.85),
          fill: COLORS.cyan,
          letterSpacing: 2,
        })}
      />
      <pixiText
        text={previousOffers.length ? previousOffers.map((o) => formatNumber(o)).join('  ·  ') : '—'}
        anchor={{ x: 0.5, y: 0 }}
        x={cx}
        y={chipsY}
        style={textStyle({
          fontSize: Math.round(fonts.overlayBody * 0.9),
          fill: COLORS.muted,
          align: 'center',
          wordWrap: true,
          wordWrapWidth: panel.width * 0.85,
        })}
      />
      <Button
        rect={buttons[0]!}
        label={GAME_TEXT.deal}
        variant="gold"
        enabled={!locked}
        fontSize={Math.round(fonts.button * 1.3)}
        onPress={onDeal}
      />
      <Button
        rect={buttons[1]!}
        label={GAME_TEXT.noDeal}
        variant="danger"
        enabled={!locked}
        fontSize={Math.round(fonts.button * 1.3)}
        onPress={onNoDeal}
      />
    </OverlayFrame>
  );
}
