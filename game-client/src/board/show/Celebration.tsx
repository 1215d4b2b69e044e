import { SHOW_TEXT } from '@dond/shared';
import { type Container, Graphics, GraphicsContext } from 'pixi.js';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { BoardLayout } from '../layout';
import { drawCoin, headingStyle } from '../scene/draw';
import { useFrameOnCommit } from '../scene/useFrame';
import { useTweens } from '../scene/useTweens';
import { COLORS } from '../theme';
import { useGameController } from '../../game/GameProvider';
import { celebrationChange, useShowStore } from '../../store/showStore';
import { CLOCK_EASE, motion } from '../motion/motion';

interface Piece {
  g: Graphics;
  x0: number;
  y0: number;
  vx: number;
  vy: number;
  delay: number;
  spin: number;
  flip: number;
  sway: number;
}

/** How a burst looks is not a rule of the game: plain Math.random does. */
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

/**
 * Starts and ends celebrations from the screen's game: subscribed while the board is on screen, so the burst
 * and its timer go with it.
 */
function useCelebrationTrigger() {
  const controller = useGameController();
  useEffect(() => {
    const unsubscribe = controller.subscribe((next, before) => {
      const change = celebrationChange(next, before);
      if (change === 'end') useShowStore.getState().end();
      else if (change) useShowStore.getState().start(change, motion().showMoments.celebration.seconds * 1000);
    });
    return () => {
      unsubscribe();
      useShowStore.getState().end();
    };
  }, [controller]);
}

/**
 * The show's celebration: confetti and coins shot from the bottom corners (and rained from the top when
 * the player beats the banker), with a banner, over everything for a few seconds. Drawn in Pixi on the
 * render-on-demand path: one GSAP tween moves every piece and asks for the frames, and when it ends the
 * pieces are destroyed and nothing keeps running.
 */
export function Celebration({ layout }: { layout: BoardLayout }) {
  useFrameOnCommit();
  useCelebrationTrigger();
  const celebration = useShowStore((s) => s.celebration);
  const pieces = useRef<Container>(null);
  const banner = useRef<Container>(null);
  const tween = useTweens();
  const { width: W, height: H } = layout;

  useLayoutEffect(() => {
    const layer = pieces.current;
    const ribbon = banner.current;
    if (!celebration || !layer || !ribbon) return;
    const M = motion().showMoments.celebration;
    const colors = M.colors.map((c) => parseInt(c.slice(1), 16));
    const unit = Math.max(8, 15 * layout.scale);
    // One geometry per look, shared by every piece of that look.
    const contexts = colors.map((color) =>
      new GraphicsContext().rect(-unit / 2, -unit * 0.3, unit, unit * 0.6).fill(color),
    );
    const coinShape = new Graphics();
    drawCoin(coinShape, 0, 0, unit * 0.6);
    const coin = coinShape.context;
    const rain = celebration.kind === 'beatTheBanker';
    const list: Piece[] = [];
    for (let i = 0; i < M.pieces; i++) {
      const context = i % 9 === 0 ? coin : contexts[i % colors.length]!;
      const g = new Graphics(context);
      g.visible = false;
      layer.addChild(g);
      const from = rain && i % 3 === 0 ? 'top' : i % 2 === 0 ? 'left' : 'right';
      const speed = H * M.speed * between(0.75, 1.15);
      const angle =
        from === 'top'
          ? between(0.2, Math.PI - 0.2)
          : from === 'left'
            ? between(-1.45, -0.6)
            : between(-2.55, -1.7);
      list.push({
        g,
        x0: from === 'top' ? between(0.1, 0.9) * W : from === 'left' ? -unit : W + unit,
        y0: from === 'top' ? -unit * 2 : H * between(0.85, 1.02),
        vx: Math.cos(angle) * speed * (from === 'top' ? 0.25 : 0.55),
        vy: from === 'top' ? between(0, 0.15) * speed : Math.sin(angle) * speed,
        delay: between(0, M.emitOver),
        spin: between(-9, 9),
        flip: between(5, 14),
        sway: between(0.5, 2) * unit,
      });
    }
    const gravity = H * M.gravity;
    const clock = { t: 0 };
    const run = tween(clock, {
      t: M.seconds,
      duration: M.seconds,
      ease: CLOCK_EASE,
      onUpdate: () => {
        const left = M.seconds - clock.t;
        const fade = M.fadeOut > 0 ? Math.min(1, left / M.fadeOut) : left > 0 ? 1 : 0;
        for (const p of list) {
          const t = clock.t - p.delay;
          p.g.visible = t > 0;
          if (t <= 0) continue;
          // Air slows the pieces down: they flutter rather than fall like stones.
          const drag = 1 - Math.min(0.6, t * 0.25);
          p.g.x = p.x0 + p.vx * t * drag + Math.sin(t * 3 + p.flip) * p.sway;
          p.g.y = p.y0 + p.vy * t * drag + 0.5 * gravity * t * t;
          p.g.rotation = p.spin * t;
          p.g.scale.y = Math.cos(p.flip * t);
          p.g.alpha = fade;
        }
        ribbon.alpha = fade;
      },
    });
    ribbon.alpha = 1;
    ribbon.scale.set(0.3);
    const pop = tween(ribbon.scale, { x: 1, y: 1, duration: M.banner.duration, ease: M.banner.ease });
    return () => {
      run.kill();
      pop.kill();
      for (const p of list) p.g.destroy();
      for (const c of contexts) c.destroy();
      coinShape.destroy({ context: true });
    };
  }, [celebration, W, H, layout.scale, tween]);

  const bannerText = celebration ? SHOW_TEXT.celebration[celebration.kind] : '';
  const bannerSize = Math.round(
    Math.min(layout.fonts.overlayTitle * 1.1, W / Math.max(12, bannerText.length * 0.72)),
  );
  const bannerH = bannerSize * 1.9;
  const bannerW = Math.min(W * 0.96, bannerText.length * bannerSize * 0.78 + bannerSize * 2);
  // Above the overlay panel where there is room, else along the top edge.
  const bannerY = Math.max(bannerH / 2 + 4, Math.min(layout.overlay.y / 2, H * 0.12));
  const drawRibbon = useCallback(
    (g: Graphics) => {
      g.clear();
      const r = bannerH / 2;
      g.roundRect(-bannerW / 2 - 6, -bannerH / 2 - 6, bannerW + 12, bannerH + 12, r + 6).fill({
        color: COLORS.gold,
        alpha: 0.25,
      });
      g.roundRect(-bannerW / 2, -bannerH / 2, bannerW, bannerH, r).fill({ color: 0x1a0830, alpha: 0.94 });
      g.roundRect(-bannerW / 2, -bannerH / 2, bannerW, bannerH, r).stroke({ width: 3, color: COLORS.gold });
      g.roundRect(-bannerW / 2 + 6, -bannerH / 2 + 6, bannerW - 12, bannerH - 12, r - 6).stroke({
        width: 1.5,
        color: COLORS.pink,
        alpha: 0.8,
      });
    },
    [bannerW, bannerH],
  );

  if (!celebration) return null;
  return (
    <pixiContainer eventMode="none">
      <pixiContainer ref={pieces} />
      <pixiContainer ref={banner} x={W / 2} y={bannerY}>
        <pixiGraphics draw={drawRibbon} />
        <pixiText text={bannerText} anchor={0.5} style={headingStyle(bannerSize, COLORS.goldLight)} />
      </pixiContainer>
    </pixiContainer>
  );
}
