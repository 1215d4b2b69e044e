import { GAME_TEXT } from '@dond/shared';
import type { Container, Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { BoardLayout } from '../layout';
import { COLORS, MOTION } from '../theme';
import { textStyle } from '../scene/draw';
import { OverlayFrame } from './OverlayFrame';
import { useTweens } from '../scene/useTweens';

/** 'THE BANKER IS CALLING!': a ringing phone for the 2 s of SPEC.md section 9, then the offer. */
export function PhoneOverlay({ layout }: { layout: BoardLayout }) {
  const { overlay: panel, fonts } = layout;
  const phone = useRef<Container>(null);
  const rings = useRef<Container>(null);
  const size = Math.min(panel.width, panel.height) * 0.22;
  const tween = useTweens();
  useLayoutEffect(() => {
    const p = phone.current;
    const r = rings.current;
    if (!p || !r) return;
    // It rings for as long as the overlay shows (killed with the overlay: repeat stops at unmount).
    const shake = tween(p, {
      rotation: 0.22,
      duration: MOTION.phoneShake,
      yoyo: true,
      repeat: 23,
      ease: 'sine.inOut',
    });
    const pulse = tween(r.scale, { x: 1.35, y: 1.35, duration: 0.5, repeat: 3, ease: 'power1.out' });
    const fade = tween(r, { alpha: 0, duration: 0.5, repeat: 3, ease: 'power1.out' });
    return () => {
      shake.kill();
      pulse.kill();
      fade.kill();
    };
  }, []);
  const drawPhone = useCallback(
    (g: Graphics) => {
      g.clear();
      g.circle(0, 0, size * 0.62).fill(COLORS.success);
      g.circle(0, -size * 0.05, size * 0.56).fill({ color: 0xffffff, alpha: 0.12 });
      // A handset: two ear pieces joined by a bar.
      const s = size * 0.5;
      g.roundRect(-s * 0.75, -s * 0.22, s * 1.5, s * 0.3, s * 0.15).fill(0xffffff);
      g.roundRect(-s * 0.8, -s * 0.12, s * 0.45, s * 0.55, s * 0.15).fill(0xffffff);
      g.roundRect(s * 0.35, -s * 0.12, s * 0.45, s * 0.55, s * 0.15).fill(0xffffff);
    },
    [size],
  );
  const drawRings = useCallback(
    (g: Graphics) => {
      g.clear();
      g.circle(0, 0, size * 0.7).stroke({ width: 3, color: COLORS.success, alpha: 0.8 });
    },
    [size],
  );
  const cy = panel.height * 0.5;
  return (
    <OverlayFrame
      stage={layout}
      panel={panel}
      title={GAME_TEXT.bankerCalling}
      titleSize={fonts.overlayTitle}
      edge={COLORS.success}
    >
      <pixiContainer ref={rings} x={panel.width / 2} y={cy}>
        <pixiGraphics draw={drawRings} />
      </pixiContainer>
      <pixiContainer ref={phone} x={panel.width / 2} y={cy}>
        <pixiGraphics draw={drawPhone} />
      </pixiContainer>
      <pixiText
        text={GAME_TEXT.bankerPreparing}
        anchor={0.5}
        x={panel.width / 2}
        y={panel.height - fonts.overlayBody * 2.5}
        style={textStyle({ fontSize: fonts.overlayBody, fill: COLORS.muted })}
      />
    </OverlayFrame>
  );
}
