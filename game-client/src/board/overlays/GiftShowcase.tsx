import { formatNumber, type Gift } from '@dond/shared';
import type { Container, Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { drawCoin, textStyle } from '../scene/draw';
import { useGiftTexture } from '../scene/giftTextures';
import { COLORS } from '../theme';
import { motion } from '../motion/motion';
import { useTweens } from '../scene/useTweens';

/** A gift on show in a reveal: its picture in a glow, then its coins and name. Centred on (x, y). */
export function GiftShowcase({
  gift,
  x,
  y,
  size,
  fontSize,
  animation,
}: {
  /** The reveal it pops into (its tuning). */
  animation: 'dealReveal' | 'finalReveal';
  gift: Gift;
  x: number;
  y: number;
  size: number;
  fontSize: number;
}) {
  const texture = useGiftTexture(gift);
  const picture = useRef<Container>(null);
  const tween = useTweens();
  useLayoutEffect(() => {
    const p = picture.current;
    if (!p) return;
    const pop = motion()[animation].gift;
    p.scale.set(pop.fromScale);
    tween(p.scale, { x: 1, y: 1, duration: pop.duration, delay: pop.delay, ease: pop.ease });
  }, [gift.id]);
  const drawGlow = useCallback(
    (g: Graphics) => {
      g.clear();
      for (let i = 5; i >= 1; i--)
        g.circle(0, 0, (size / 2) * (0.8 + i * 0.09)).fill({ color: COLORS.gold, alpha: 0.05 });
    },
    [size],
  );
  const line = `${formatNumber(gift.coins)}  ${gift.name}`;
  const coinR = fontSize * 0.45;
  const drawLineCoin = useCallback(
    (g: Graphics) => {
      g.clear();
      drawCoin(g, 0, 0, coinR);
    },
    [coinR],
  );
  const lineY = y + size / 2 + fontSize * 1.1;
  const approxHalf = (line.length * fontSize * 0.55) / 2;
  return (
    <pixiContainer>
      <pixiContainer ref={picture} x={x} y={y}>
        <pixiGraphics draw={drawGlow} />
        {texture && <pixiSprite texture={texture} anchor={0.5} width={size * 0.8} height={size * 0.8} />}
      </pixiContainer>
      <pixiGraphics draw={drawLineCoin} x={x - approxHalf - coinR * 1.6} y={lineY} />
      <pixiText
        text={line}
        anchor={0.5}
        x={x}
        y={lineY}
        style={textStyle({ fontSize, fontWeight: '900', fill: COLORS.goldLight })}
      />
    </pixiContainer>
  );
}
