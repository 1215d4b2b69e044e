import { caseEliminatedText, GAME_TEXT, type Gift } from '@dond/shared';
import { Rectangle, type Container, type Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { BoardLayout } from '../layout';
import { Button } from '../scene/Button';
import { drawPanel, headingStyle, textStyle } from '../scene/draw';
import { useGiftTexture } from '../scene/giftTextures';
import { useFitWidth } from '../scene/useFitWidth';
import { useFrameOnCommit } from '../scene/useFrame';
import { COLORS } from '../theme';
import { motion } from '../motion/motion';
import { useTweens } from '../scene/useTweens';

/**
 * 'Case Eliminated!': the opened case's gift, over the value board that does not hold it, never over a case or
 * a control (decision 0018; the layout places it). It is also the gift-reveal popup of SPEC.md section 2
 * (isVisible, caseNumber, gift). Its panel takes every tap on it (a shield in the accessible layer too), so
 * nothing beneath is reached; only its Close button acts.
 */
export function CaseToast({
  layout,
  caseNumber,
  gift,
  overHigher,
  onClose,
}: {
  layout: BoardLayout;
  caseNumber: number;
  gift: Gift;
  /** Over HIGHER VALUES (the gift is a lower value), else over LOWER VALUES. */
  overHigher: boolean;
  onClose: () => void;
}) {
  useFrameOnCommit();
  const { fonts } = layout;
  const box = overHigher ? layout.caseToast.overHigher : layout.caseToast.overLower;
  const texture = useGiftTexture(gift);
  const root = useRef<Container>(null);
  const tween = useTweens();
  useLayoutEffect(() => {
    const c = root.current;
    if (!c) return;
    const enter = motion().caseToast.enter;
    c.alpha = 0;
    c.y = box.y + enter.rise;
    tween(c, { alpha: 1, y: box.y, duration: enter.duration, ease: enter.ease });
  }, [caseNumber, box.y]);
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      drawPanel(g, box.width, box.height, { edge: COLORS.pink, radius: 16 });
    },
    [box.width, box.height],
  );
  // A wide toast: picture left, text right. A narrow one (mobile's value columns): text stacked under it.
  const stacked = box.width < box.height * 1.9;
  const close = Math.max(32, Math.round(Math.min(box.height, box.width) * (stacked ? 0.18 : 0.3)));
  const body = Math.round(fonts.overlayBody * 0.9);
  const titleSize = Math.round(fonts.overlayBody * 1.1);
  const pic = stacked
    ? Math.max(24, Math.min(box.width * 0.5, box.height - titleSize * 1.4 - body * 2.9 - 20))
    : box.height * 0.62;
  const textX = stacked ? box.width / 2 : box.height * 0.2 + pic + box.height * 0.18;
  const anchorX = stacked ? 0.5 : 0;
  // Text keeps clear of the close button; on a narrow toast it wraps or shrinks rather than run out.
  const textWidth = stacked ? box.width - 2 * close - 16 : box.width - textX - close - 16;
  const lineWidth = stacked ? box.width - 16 : box.width - textX - 12;
  const titleY = stacked ? 10 : box.height * 0.14;
  const picY = stacked ? titleY + titleSize * 1.4 + pic / 2 : box.height / 2;
  const lineY = stacked ? picY + pic / 2 + 4 : box.height * 0.45;
  const titleRef = useFitWidth(textWidth, GAME_TEXT.caseEliminatedTitle);
  const lineRef = useFitWidth(lineWidth, caseEliminatedText(caseNumber, gift.coins));
  const nameRef = useFitWidth(lineWidth, gift.name);
  return (
    <pixiContainer
      ref={root}
      x={box.x}
      y={box.y}
      // The panel stops taps on the canvas, and its accessible shield (a plain div, not a button) stops them
      // over the layer's buttons.
      eventMode="static"
      hitArea={new Rectangle(0, 0, box.width, box.height)}
      accessible
      accessibleType="div"
      accessiblePointerEvents="auto"
    >
      <pixiGraphics draw={draw} />
      {texture && (
        <pixiSprite
          texture={texture}
          anchor={0.5}
          x={stacked ? box.width / 2 : box.height * 0.2 + pic / 2}
          y={picY}
          width={pic}
          height={pic}
        />
      )}
      <pixiText
        ref={titleRef}
        text={GAME_TEXT.caseEliminatedTitle}
        anchor={{ x: anchorX, y: 0 }}
        x={textX}
        y={titleY}
        style={headingStyle(titleSize, COLORS.pink)}
      />
      <pixiText
        ref={lineRef}
        text={caseEliminatedText(caseNumber, gift.coins)}
        anchor={{ x: anchorX, y: 0 }}
        x={textX}
        y={lineY}
        style={textStyle({ fontSize: body, fill: COLORS.text })}
      />
      <pixiText
        ref={nameRef}
        text={gift.name}
        anchor={{ x: anchorX, y: 0 }}
        x={textX}
        y={lineY + body * 1.35}
        style={textStyle({ fontSize: body, fill: COLORS.gold, fontWeight: '900' })}
      />
      <Button
        rect={{ x: box.width - close - 6, y: 6, width: close, height: close }}
        label="×"
        name="Close"
        variant="ghost"
        fontSize={Math.round(close * 0.6)}
        onPress={onClose}
      />
    </pixiContainer>
  );
}
