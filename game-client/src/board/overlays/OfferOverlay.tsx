import {
  boardAverage,
  formatNumber,
  GAME_TEXT,
  ifYouRejectText,
  offerShareOfAverage,
  offerShareText,
  offerSteps,
  SHOW_TEXT,
} from '@dond/shared';
import { CanvasTextMetrics, type Graphics, type Text } from 'pixi.js';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useGame } from '../../game/GameProvider';
import type { BoardLayout } from '../layout';
import { Button } from '../scene/Button';
import { drawCoin, headingStyle, textStyle, vertical } from '../scene/draw';
import { OfferStrip } from '../show/OfferStrip';
import { motion } from '../motion/motion';
import { COLORS } from '../theme';
import { OverlayBody } from './OverlayBody';
import { OverlayFrame } from './OverlayFrame';
import { actionRow } from './placement';
import { useTweens } from '../scene/useTweens';

/** How the room between the title and the buttons is shared, top to bottom (in parts of it). */
const ZONES = { amount: 2.4, share: 0.9, meter: 0.7, average: 0.8, reject: 1.1, heading: 0.75, strip: 1.5 };
const ZONE_TOTAL = Object.values(ZONES).reduce((a, b) => a + b, 0);
/** The meter's scale reaches this far past the larger of the offer and the average. */
const METER_HEADROOM = 1.12;

/**
 * "BANKER'S OFFER": the amount large, how it compares with the board's average (a meter and 'Offer = N% of
 * the board's average'), what rejecting costs, the banker's offers so far as a strip going up or down, DEAL!
 * and NO DEAL!.
 */
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
  const average = useGame((s) => boardAverage(s.game));
  const share = offerShareOfAverage(offer, average);
  const steps = useMemo(() => offerSteps([...previousOffers, offer]), [previousOffers, offer]);
  const amount = useRef<Text>(null);
  const coin = useRef<Graphics>(null);
  const fill = useRef<Graphics>(null);

  const cx = panel.width / 2;
  const buttons = actionRow(panel, fonts.button, 2);
  const top = fonts.overlayTitle * 1.95;
  const room = buttons[0]!.y - fonts.overlayBody * 0.9 - top;
  const unit = room / ZONE_TOTAL;
  let y = top;
  const zone = (parts: number) => {
    const z = { y: y + (unit * parts) / 2, h: unit * parts };
    y += unit * parts;
    return z;
  };
  const zAmount = zone(ZONES.amount);
  const zShare = zone(ZONES.share);
  const zMeter = zone(ZONES.meter);
  const zAverage = zone(ZONES.average);
  const zReject = zone(ZONES.reject);
  const zHeading = zone(ZONES.heading);
  const zStrip = zone(ZONES.strip);

  const amountSize = Math.round(Math.min(fonts.overlayTitle * 2.1, zAmount.h * 0.6));
  const coinR = amountSize * 0.36;
  const shareSize = Math.round(Math.min(fonts.overlayBody * 1.2, zShare.h * 0.75));
  const bodySize = Math.round(Math.min(fonts.overlayBody, zAverage.h * 0.75, zReject.h * 0.7));
  const headingSize = Math.round(Math.min(fonts.overlayBody * 0.85, zHeading.h * 0.8));
  const meterW = panel.width * 0.72;
  const meterH = Math.max(6, zMeter.h * 0.5);
  const scaleMax = Math.max(offer, average, 1) * METER_HEADROOM;
  const offerW = (offer / scaleMax) * meterW;
  const averageX = (average / scaleMax) * meterW;
  // One line, shrunk to fit: wrapped, it ran into the average's label and the heading under it.
  const rejectText = ifYouRejectText(casesToOpen);
  const averageText = `${SHOW_TEXT.boardAverage} ${formatNumber(Math.round(average))}`;
  const averageStyle = textStyle({ fontSize: bodySize, fill: COLORS.text });
  const averageTextW = CanvasTextMetrics.measureText(averageText, averageStyle).width;
  // The average's label stands under its tick, kept inside the meter's ends.
  const averageLabelX = Math.min(Math.max(averageX, averageTextW / 2), meterW - averageTextW / 2);

  // The amount counts up as the banker names it, and the meter fills to it.
  const tween = useTweens();
  useLayoutEffect(() => {
    const text = amount.current;
    const bar = fill.current;
    if (!text || !bar) return;
    // The coin and the number centred together, as the number grows.
    const centre = () => {
      const gap = coinR * 2.5;
      text.x = gap - (gap + text.width) / 2;
      if (coin.current) coin.current.x = text.x - gap + coinR;
    };
    const T = motion().offerDialog;
    const shown = { value: 0 };
    const count = tween(shown, {
      value: offer,
      duration: T.count.duration,
      ease: T.count.ease,
      onUpdate: () => {
        text.text = formatNumber(Math.round(shown.value));
        centre();
      },
    });
    bar.scale.x = 0;
    const grow = tween(bar.scale, { x: 1, duration: T.meter.duration, ease: T.meter.ease });
    return () => {
      count.kill();
      grow.kill();
      bar.scale.x = 1;
      text.text = formatNumber(offer);
      centre();
    };
  }, [offer, coinR, tween]);

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
      const w = panel.width * 0.74;
      const h = Math.min(zAmount.h * 0.95, amountSize * 1.5);
      for (let i = 3; i >= 1; i--) {
        g.roundRect(-w / 2 - i * 4, -h / 2 - i * 4, w + i * 8, h + i * 8, h / 3 + i * 4).fill({
          color: COLORS.gold,
          alpha: 0.06,
        });
      }
      g.roundRect(-w / 2, -h / 2, w, h, h / 3).fill({ color: 0x000000, alpha: 0.45 });
      g.roundRect(-w / 2, -h / 2, w, h, h / 3).stroke({ width: 3, color: COLORS.gold, alpha: 0.9 });
    },
    [panel.width, amountSize, zAmount.h],
  );
  const drawMeter = useCallback(
    (g: Graphics) => {
      g.clear();
      const r = meterH / 2;
      g.roundRect(0, -meterH / 2, meterW, meterH, r).fill({ color: 0x000000, alpha: 0.5 });
      g.roundRect(0, -meterH / 2, meterW, meterH, r).stroke({ width: 1.5, color: COLORS.muted, alpha: 0.6 });
      // The board's average: a white tick standing through the bar.
      g.rect(averageX - 1.5, -meterH * 1.1, 3, meterH * 2.2).fill(0xffffff);
      g.poly([
        averageX - meterH * 0.45,
        -meterH * 1.1,
        averageX + meterH * 0.45,
        -meterH * 1.1,
        averageX,
        -meterH * 0.6,
      ]).fill(0xffffff);
    },
    [meterW, meterH, averageX],
  );
  const drawFill = useCallback(
    (g: Graphics) => {
      g.clear();
      const w = Math.max(meterH, offerW);
      g.roundRect(0, -meterH / 2, w, meterH, meterH / 2).fill(
        vertical([
          [0, COLORS.goldLight],
          [1, COLORS.goldDeep],
        ]),
      );
    },
    [offerW, meterH],
  );

  return (
    <OverlayFrame
      animation="offerDialog"
      stage={layout}
      panel={panel}
      title={GAME_TEXT.bankerOffer}
      titleSize={fonts.overlayTitle}
    >
      <pixiContainer x={cx} y={zAmount.y}>
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
        text={offerShareText(share)}
        anchor={0.5}
        x={cx}
        y={zShare.y}
        style={textStyle({ fontSize: shareSize, fontWeight: '900', fill: COLORS.cyan })}
      />
      <pixiContainer x={cx - meterW / 2} y={zMeter.y}>
        <pixiGraphics draw={drawMeter} />
        <pixiGraphics ref={fill} draw={drawFill} />
        <pixiText
          text={averageText}
          anchor={{ x: 0.5, y: 0 }}
          x={averageLabelX}
          y={meterH * 1.15}
          style={averageStyle}
        />
      </pixiContainer>
      <OverlayBody panel={panel} text={rejectText} y={zReject.y} fontSize={bodySize} fit={0.9} middle />
      <pixiText
        text={GAME_TEXT.previousOffers}
        anchor={0.5}
        x={cx}
        y={zHeading.y}
        style={textStyle({ fontSize: headingSize, fill: COLORS.cyan, letterSpacing: 2 })}
      />
      <OfferStrip
        steps={steps}
        x={cx}
        y={zStrip.y}
        width={panel.width * 0.9}
        height={zStrip.h * 0.78}
        fontSize={fonts.overlayBody}
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
