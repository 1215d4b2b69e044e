import { caseEliminatedText, GAME_TEXT, type Gift } from '@dond/shared';
import type { Container, Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { BoardLayout } from '../layout';
import { Button } from '../scene/Button';
import { drawPanel, headingStyle, textStyle } from '../scene/draw';
import { useGiftTexture } from '../scene/giftTextures';
import { useFitWidth } from '../scene/useFitWidth';
import { useFrameOnCommit } from '../scene/useFrame';
import { COLORS, MOTION } from '../theme';
import { useTweens } from '../scene/useTweens';

/**
 * 'Case Eliminated!': the opened case's gift, bottom centre on desktop and centred on tablet and mobile
 * (the layout places it). It is also the gift-reveal popup of SPEC.md section 2 (isVisible, caseNumber, gift).
 */
export function CaseToast({
  layout,
  caseNumber,
  gift,
  onClose,
}: {
  layout: BoardLayout;
  caseNumber: number;
  gift: Gift;
  onClose: () => void;
}) {
  useFrameOnCommit();
  const { caseToast: box, fonts } = layout;
  const texture = useGiftTexture(gift);
  const root = useRef<Container>(null);
  const tween = useTweens();
  useLayoutEffect(() => {
    const c = root.current;
    if (!c) return;
    c.alpha = 0;
    c.y = box.y + 24;
    tween(c, { alpha: 1, y: box.y, duration: MOTION.toastIn, ease: 'power2.out' });
  }, [caseNumber, box.y]);
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      drawPanel(g, box.width, box.height, { edge: COLORS.pink, radius: 16 });
    },
    [box.width, box.height],
  );
  const pic = box.height * 0.62;
  const textX = box.height * 0.2 + pic + box.height * 0.18;
  const body = Math.round(fonts.overlayBody * 0.9);
  const close = Math.max(32, Math.round(box.height * 0.3));
  // Text keeps clear of the close button; on a narrow toast it wraps or shrinks rather than run out.
  const textWidth = box.width - textX - close - 16;
  const titleRef = useFitWidth(textWidth, GAME_TEXT.caseEliminatedTitle);
  const lineRef = useFitWidth(box.width - textX - 12, caseEliminatedText(caseNumber, gift.coins));
  const nameRef = useFitWidth(box.width - textX - 12, gift.name);
  return (
    <pixiContainer ref={root} x={box.x} y={box.y}>
      <pixiGraphics draw={draw} />
      {texture && (
        <pixiSprite
          texture={texture}
          anchor={0.5}
          x={box.height * 0.2 + pic / 2}
          y={box.height / 2}
          width={pic}
          height={pic}
        />
      )}
      <pixiText
        ref={titleRef}
        text={GAME_TEXT.caseEliminatedTitle}
        x={textX}
        y={box.height * 0.14}
        style={headingStyle(Math.round(fonts.overlayBody * 1.1), COLORS.pink)}
      />
      <pixiText
        ref={lineRef}
        text={caseEliminatedText(caseNumber, gift.coins)}
        x={textX}
        y={box.height * 0.45}
        style={textStyle({ fontSize: body, fill: COLORS.text })}
      />
      <pixiText
        ref={nameRef}
        text={gift.name}
        x={textX}
        y={box.height * 0.45 + body * 1.35}
        style={textStyle({ fontSize: body, fill: COLORS.gold, fontWeight: '900' })}
      />
      <Button
        rect={{ x: box.width - close - 8, y: 8, width: close, height: close }}
        label="×"
        name="Close"
        variant="ghost"
        fontSize={Math.round(close * 0.6)}
        onPress={onClose}
      />
    </pixiContainer>
  );
}
