import { GAME_TEXT, isSlowOpen, TIMINGS } from '@dond/shared';
import type { Container, Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useGameController } from '../../game/GameProvider';
import type { BoardLayout } from '../layout';
import { drawBanker, drawBankerArm, drawBankerDesk, drawBankerGlow, drawTalkArcs } from '../show/bankerArt';
import { motion } from '../motion/motion';
import { COLORS } from '../theme';
import { OverlayBody } from './OverlayBody';
import { OverlayFrame } from './OverlayFrame';
import { useTweens } from '../scene/useTweens';

/** The overlay's own life, in seconds: every repeat below ends by then (and all die with the overlay). */
const RINGING = TIMINGS.phoneOverlayMs / 1000;
const repeatsFor = (cycle: number) => (cycle > 0 ? Math.max(0, Math.ceil(RINGING / cycle) - 1) : 0);

/**
 * 'THE BANKER IS CALLING!': the banker on the phone in his glow on the left, a ringing phone on the right
 * sending out waves, for the 2 s of SPEC.md section 9, then the offer. When the call follows one of the
 * last cases' slow opens, the frame waits for the case's lid (the call itself starts at once).
 */
export function PhoneOverlay({ layout }: { layout: BoardLayout }) {
  const { overlay: panel, fonts } = layout;
  const show = useRef<Container>(null);
  const phone = useRef<Container>(null);
  const rings = useRef<Array<Container | null>>([]);
  const banker = useRef<Container>(null);
  const arm = useRef<Container>(null);
  const talk = useRef<Container>(null);
  const game = useGameController();
  const afterSlowOpen = useRef(isSlowOpen(game.getState().game)).current;
  const top = fonts.overlayTitle * 2.2;
  const textY = panel.height - fonts.overlayBody * 2.2;
  const room = textY - fonts.overlayBody - top;
  // The banker with his desk (1.04 of his height) on the left, the phone on the right.
  const u = Math.min(room * 0.94, panel.width * 0.4);
  const phoneSize = Math.min(room * 0.4, panel.width * 0.19);
  const bankerX = panel.width * 0.3;
  const phoneX = panel.width * 0.73;
  const phoneY = top + room * 0.5;
  const tween = useTweens();
  // Read once per call: a tuning changed meanwhile applies to the next call.
  const [T] = useState(motion);
  const P = T.phoneCall;
  const ringColor = parseInt(P.ring.color.slice(1), 16);

  useLayoutEffect(() => {
    const p = phone.current;
    const b = banker.current;
    const a = arm.current;
    const t = talk.current;
    const s = show.current;
    if (!p || !b || !a || !t || !s) return;
    if (afterSlowOpen) {
      s.alpha = 0;
      tween(s, {
        alpha: 1,
        duration: T.showMoments.slowOpen.phoneFadeIn,
        delay: T.showMoments.slowOpen.phoneEnterAfter,
      });
    }
    // Every repeat below ends within the overlay's own life (and all die with the overlay); a swing of nothing
    // (reduced motion) is no tween at all.
    const cycle = (vars: { duration: number; ease: string }) => ({
      duration: vars.duration,
      ease: vars.ease,
      repeat: repeatsFor(vars.duration),
    });
    if (P.shake.swing > 0 && P.shake.duration > 0) {
      p.rotation = -P.shake.swing;
      tween(p, { rotation: P.shake.swing, yoyo: true, ...cycle(P.shake) });
    }
    rings.current.forEach((ring, i) => {
      if (!ring || P.ring.duration <= 0) return;
      ring.alpha = 0;
      tween(ring.scale, {
        startAt: { x: 1, y: 1 },
        x: P.ring.growth,
        y: P.ring.growth,
        delay: i * P.ring.every,
        ...cycle(P.ring),
      });
      tween(ring, {
        startAt: { alpha: 0.9 },
        alpha: 0,
        delay: i * P.ring.every,
        ...cycle({ duration: P.ring.duration, ease: P.ring.fadeEase }),
      });
    });
    // The banker nods as he talks, his arm following; the arcs at his mouth piece blink.
    if (P.bankerNod.duration > 0) {
      tween(b, { y: b.y + u * P.bankerNod.nod, yoyo: true, ...cycle(P.bankerNod) });
      tween(a, { rotation: -P.bankerNod.armSwing, yoyo: true, ...cycle(P.bankerNod) });
    }
    if (P.talkBlink.duration > 0) tween(t, { alpha: 0.15, yoyo: true, ...cycle(P.talkBlink) });
  }, []);

  const drawPhone = useCallback(
    (g: Graphics) => {
      g.clear();
      const r = phoneSize * 0.5;
      g.circle(0, 0, r * 1.08).fill({ color: COLORS.success, alpha: 0.35 });
      g.circle(0, 0, r).fill(COLORS.success);
      g.circle(0, -r * 0.08, r * 0.9).fill({ color: 0xffffff, alpha: 0.12 });
      // A handset: two ear pieces joined by a bar.
      const s = r * 0.8;
      g.roundRect(-s * 0.75, -s * 0.22, s * 1.5, s * 0.3, s * 0.15).fill(0xffffff);
      g.roundRect(-s * 0.8, -s * 0.12, s * 0.45, s * 0.55, s * 0.15).fill(0xffffff);
      g.roundRect(s * 0.35, -s * 0.12, s * 0.45, s * 0.55, s * 0.15).fill(0xffffff);
    },
    [phoneSize],
  );
  const drawRing = useCallback(
    (g: Graphics) => {
      g.clear();
      g.circle(0, 0, phoneSize * 0.55).stroke({
        width: Math.max(2, phoneSize * 0.04),
        color: ringColor,
      });
    },
    [phoneSize, ringColor],
  );
  const drawGlow = useCallback((g: Graphics) => void drawBankerGlow(g.clear(), u), [u]);
  const drawBody = useCallback((g: Graphics) => void drawBanker(g.clear(), u), [u]);
  const drawArm = useCallback((g: Graphics) => void drawBankerArm(g.clear(), u), [u]);
  const drawArcs = useCallback((g: Graphics) => void drawTalkArcs(g.clear(), u), [u]);
  const drawDesk = useCallback((g: Graphics) => void drawBankerDesk(g.clear(), u), [u]);
  const bankerTop = top + room - u * 1.04;

  return (
    <pixiContainer ref={show}>
      <OverlayFrame
        animation="phoneCall"
        stage={layout}
        panel={panel}
        title={GAME_TEXT.bankerCalling}
        titleSize={fonts.overlayTitle}
        edge={COLORS.success}
      >
        <pixiContainer x={bankerX} y={bankerTop}>
          <pixiGraphics draw={drawGlow} />
          <pixiContainer ref={banker}>
            <pixiGraphics draw={drawBody} />
            <pixiContainer ref={arm} x={u * 0.3} y={u * 0.6}>
              <pixiGraphics draw={drawArm} />
            </pixiContainer>
          </pixiContainer>
          <pixiContainer ref={talk} x={u * 0.25} y={u * 0.3}>
            <pixiGraphics draw={drawArcs} />
          </pixiContainer>
          <pixiGraphics draw={drawDesk} />
        </pixiContainer>
        {Array.from({ length: P.ring.waves }, (_, i) => (
          <pixiContainer
            key={i}
            ref={(c) => {
              rings.current[i] = c;
            }}
            x={phoneX}
            y={phoneY}
          >
            <pixiGraphics draw={drawRing} />
          </pixiContainer>
        ))}
        <pixiContainer ref={phone} x={phoneX} y={phoneY}>
          <pixiGraphics draw={drawPhone} />
        </pixiContainer>
        <OverlayBody
          panel={panel}
          text={GAME_TEXT.bankerPreparing}
          y={textY}
          fontSize={fonts.overlayBody}
          fill={COLORS.muted}
          middle
        />
      </OverlayFrame>
    </pixiContainer>
  );
}
