import type { Container, Graphics } from 'pixi.js';
import { Rectangle } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Rect } from '../geometry';
import { COLORS } from '../theme';
import { motion, type FramedAnimation } from '../motion/motion';
import { drawPanel, headingStyle } from '../scene/draw';
import { useFrameOnCommit } from '../scene/useFrame';
import { useTweens } from '../scene/useTweens';

/**
 * A modal overlay: the stage dims, the panel pops in, and nothing beneath takes a tap. Children are laid
 * out in the panel's own space (0,0 at its top-left).
 */
export function OverlayFrame({
  stage,
  panel,
  title,
  titleSize,
  edge = COLORS.gold,
  animation,
  children,
}: {
  stage: { width: number; height: number };
  /** Whose entrance it plays (the tuning's frame of that animation). */
  animation: FramedAnimation;
  panel: Rect;
  title: string;
  titleSize: number;
  edge?: number;
  children: ReactNode;
}) {
  useFrameOnCommit();
  const backdrop = useRef<Container>(null);
  const box = useRef<Container>(null);
  const tween = useTweens();
  useLayoutEffect(() => {
    const b = backdrop.current;
    const p = box.current;
    if (!b || !p) return;
    const frame = motion()[animation].frame;
    b.alpha = 0;
    tween(b, { alpha: 1, duration: frame.backdrop.duration });
    p.scale.set(frame.panel.fromScale);
    p.alpha = 0;
    tween(p.scale, { x: 1, y: 1, duration: frame.panel.duration, ease: frame.panel.ease });
    tween(p, { alpha: 1, duration: frame.panel.duration * frame.fadeShare });
  }, []);
  const drawBackdrop = useCallback(
    (g: Graphics) => {
      g.clear();
      g.rect(0, 0, stage.width, stage.height).fill({ color: 0x04030a, alpha: 0.72 });
    },
    [stage.width, stage.height],
  );
  const drawBox = useCallback(
    (g: Graphics) => {
      g.clear();
      drawPanel(g, panel.width, panel.height, { edge, radius: 22 });
    },
    [panel.width, panel.height, edge],
  );
  return (
    <pixiContainer>
      {/* Takes every tap on the backdrop and the panel, on the canvas and (as a shield div in the accessible
          layer, under the overlay's own buttons) over the layer's buttons. */}
      <pixiContainer
        ref={backdrop}
        eventMode="static"
        hitArea={new Rectangle(0, 0, stage.width, stage.height)}
        accessible
        accessibleType="div"
        accessiblePointerEvents="auto"
      >
        <pixiGraphics draw={drawBackdrop} />
      </pixiContainer>
      {/* Scaled about its centre for the pop. */}
      <pixiContainer
        ref={box}
        x={panel.x + panel.width / 2}
        y={panel.y + panel.height / 2}
        pivot={{ x: panel.width / 2, y: panel.height / 2 }}
      >
        <pixiGraphics draw={drawBox} />
        <pixiText
          text={title}
          anchor={{ x: 0.5, y: 0 }}
          x={panel.width / 2}
          y={Math.round(titleSize * 0.7)}
          style={headingStyle(titleSize, edge)}
        />
        {children}
      </pixiContainer>
    </pixiContainer>
  );
}
