import { formatNumber, GAME_TEXT, isSlowOpen, type Gift } from '@dond/shared';
import { type Container, type Graphics, Rectangle } from 'pixi.js';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useGame } from '../../game/GameProvider';
import type { Rect } from '../layout';
import { motion } from '../motion/motion';
import { COLORS } from '../theme';
import { CYAN_BODY, drawCoin, GOLD_BODY, textStyle, vertical } from './draw';
import { useGiftTexture } from './giftTextures';
import { useFitWidth } from './useFitWidth';
import { useFrameOnCommit } from './useFrame';
import { useCachedContainer } from './useCache';
import { useTweens } from './useTweens';

export interface BriefcaseProps {
  caseNumber: number;
  rect: Rect;
  gift: Gift;
  opened: boolean;
  mine: boolean;
  /** Shown as a button (unopened, nothing modal over the board). */
  accessible: boolean;
  /** Takes taps now: selection or elimination, and not the player's own case while eliminating. */
  tappable: boolean;
  /** Desktop: an opened case also shows its coins and the gift's short name. */
  details: boolean;
  numberSize: number;
  labelSize: number;
  onTap: (caseNumber: number) => void;
}

/**
 * One briefcase: a shining gold case with its number, the player's star, or the gift once opened. Memoised:
 * a tap changes one or two cases, and the other two dozen need not run again (their props are the layout's
 * rectangles, the game's gifts and the store's own actions, all stable between taps).
 */
export const Briefcase = memo(function Briefcase(props: BriefcaseProps) {
  useFrameOnCommit();
  const { caseNumber, rect, gift, opened, mine, accessible, tappable, details, numberSize, labelSize } =
    props;
  const { width: w, height: h } = rect;
  const lid = useCachedContainer<Container>();
  const inside = useRef<Container>(null);
  const body = useRef<Container>(null);
  // The game it shows: a case opened in another game (a new deal shown as it stands) just appears open.
  const gameId = useGame((s) => s.game.clientGameId);
  const was = useRef({ opened, mine, gameId });
  const [hover, setHover] = useState(false);
  const texture = useGiftTexture(opened ? gift : null);
  const yourCase = useFitWidth(w * 0.92, mine ? GAME_TEXT.yourCase : '');
  // One of the last cases, just opened: it opens slowly (read here, true for this case alone).
  const slow = useGame((s) => isSlowOpen(s.game) && s.game.eliminatedCases.at(-1) === caseNumber);
  const slowRef = useRef(slow);
  slowRef.current = slow;

  // Opening and picking are animated from the change of state; anything else is set at once.
  const tween = useTweens();
  useLayoutEffect(() => {
    const lidC = lid.current;
    const insideC = inside.current;
    const bodyC = body.current;
    if (!lidC || !insideC || !bodyC) return;
    const before = was.current;
    was.current = { opened, mine, gameId };
    const sameGame = before.gameId === gameId;
    bodyC.rotation = 0;
    if (opened && !before.opened && sameGame) {
      lidC.visible = true;
      insideC.visible = true;
      const T = motion();
      insideC.scale.set(T.caseOpen.gift.fromScale);
      insideC.alpha = 0;
      // The last cases: a shake as the case comes forward, a pause, then a slower lid and a bigger pop.
      const S = T.showMoments.slowOpen;
      const slowly = slowRef.current;
      const lidAt = slowly ? S.shake + S.pause : 0;
      const lid = slowly ? S.lid : T.caseOpen.lid;
      const pop = slowly ? S.gift : T.caseOpen.gift;
      if (slowly) {
        if (S.shakes > 0 && S.shake > 0) {
          bodyC.rotation = -S.swing;
          tween(bodyC, {
            rotation: S.swing,
            duration: S.shake / S.shakes,
            yoyo: true,
            repeat: S.shakes - 1,
            ease: S.shakeEase,
            onComplete: () => {
              bodyC.rotation = 0;
            },
          });
        }
        tween(bodyC.scale, { x: S.lift, y: S.lift, duration: S.shake / 2, ease: S.liftEase });
        tween(bodyC.scale, {
          x: 1,
          y: 1,
          duration: pop.duration,
          delay: lidAt + lid.duration,
          ease: S.settle,
        });
      }
      tween(lidC.scale, { y: 0, duration: lid.duration, delay: lidAt, ease: lid.ease });
      tween(lidC, {
        alpha: 0,
        duration: lid.duration,
        delay: lidAt,
        onComplete: () => {
          lidC.visible = false;
        },
      });
      tween(insideC.scale, {
        x: 1,
        y: 1,
        duration: pop.duration,
        delay: lidAt + lid.duration,
        ease: pop.ease,
      });
      tween(insideC, { alpha: 1, duration: pop.duration / 2, delay: lidAt + lid.duration });
      return;
    }
    if (mine && !before.mine && sameGame) {
      const pick = motion().caseOpen.pick;
      bodyC.scale.set(pick.fromScale);
      tween(bodyC.scale, { x: 1, y: 1, duration: pick.duration, ease: pick.ease });
    }
    lidC.visible = !opened;
    lidC.alpha = 1;
    lidC.scale.set(1);
    insideC.visible = opened;
    insideC.alpha = 1;
    insideC.scale.set(1);
  }, [opened, mine, gameId]);

  // A case that stops taking taps (opened, or an overlay came up) loses its hover: its button went away under
  // the pointer, so no pointer-out will ever come, and the next game would start with it lit (issue 15).
  useEffect(() => {
    if (!tappable) setHover(false);
  }, [tappable]);

  // Lift under the pointer (or keyboard focus), and from the tap on while the server opens it: the case
  // answers the finger at once, its gift comes with the server's answer.
  const sent = useGame((s) => s.pendingCase === caseNumber);
  useLayoutEffect(() => {
    const bodyC = body.current;
    if (!bodyC) return;
    const lift = (hover && tappable && !opened) || (sent && !opened);
    const hoverMotion = motion().caseOpen.hover;
    const by = lift && hoverMotion.lift > 0 ? -Math.max(2, h * hoverMotion.lift) : 0;
    tween(bodyC, { y: by, duration: hoverMotion.duration, ease: hoverMotion.ease });
  }, [hover, tappable, opened, sent, h]);

  const drawLid = useCallback(
    (g: Graphics) => {
      g.clear();
      const top = h * 0.13;
      const bodyH = h - top;
      const r = Math.max(4, w * 0.08);
      // Handle.
      g.roundRect(-w * 0.16, -h / 2, w * 0.32, top * 1.6, top * 0.5).stroke({
        width: Math.max(2, h * 0.055),
        color: COLORS.goldDeep,
      });
      // Shadow, body, stripes, shine.
      g.roundRect(-w / 2 + 2, -h / 2 + top + 4, w, bodyH, r).fill({ color: COLORS.caseShadow, alpha: 0.45 });
      g.roundRect(-w / 2, -h / 2 + top, w, bodyH, r).fill(vertical(mine ? CYAN_BODY : GOLD_BODY));
      for (const fx of [-0.33, 0.33]) {
        g.rect(w * fx - w * 0.035, -h / 2 + top, w * 0.07, bodyH).fill({
          color: mine ? 0x0b6f6c : COLORS.goldDeep,
          alpha: 0.55,
        });
      }
      g.roundRect(-w / 2 + 3, -h / 2 + top + 2, w - 6, bodyH * 0.32, r * 0.8).fill({
        color: 0xffffff,
        alpha: 0.22,
      });
      g.roundRect(-w / 2, -h / 2 + top, w, bodyH, r).stroke({
        width: mine ? 3 : 1.5,
        color: mine ? COLORS.cyan : 0x5a3c05,
        alpha: mine ? 1 : 0.8,
      });
      // Number plate; the player's case keeps its plate high to make room for 'YOUR CASE'.
      const plateW = w * 0.5;
      const plateH = bodyH * 0.46;
      const plateY = -h / 2 + top + (mine ? bodyH * 0.1 : (bodyH - plateH) / 2);
      g.roundRect(-plateW / 2, plateY, plateW, plateH, Math.max(3, r * 0.6)).fill(mine ? 0x062b33 : 0x1b1305);
      g.roundRect(-plateW / 2, plateY, plateW, plateH, Math.max(3, r * 0.6)).stroke({
        width: 1,
        color: mine ? COLORS.cyan : COLORS.goldLight,
        alpha: 0.8,
      });
      if (mine) {
        // The glow that marks the player's case.
        for (let i = 1; i <= 3; i++) {
          g.roundRect(-w / 2 - i * 2, -h / 2 + top - i * 2, w + i * 4, bodyH + i * 4, r + i * 2).stroke({
            width: 2,
            color: COLORS.cyan,
            alpha: 0.35 / i,
          });
        }
      }
      if (hover && tappable) {
        g.roundRect(-w / 2, -h / 2 + top, w, bodyH, r).fill({ color: 0xffffff, alpha: 0.12 });
      }
    },
    [w, h, mine, hover, tappable],
  );

  const drawInside = useCallback(
    (g: Graphics) => {
      g.clear();
      const r = Math.max(4, w * 0.08);
      g.roundRect(-w / 2, -h / 2, w, h, r).fill(COLORS.opened);
      g.roundRect(-w / 2, -h / 2, w, h, r).stroke({ width: 1, color: COLORS.dim, alpha: 0.8 });
      // The player's own case, opened after a deal: marked in its colour.
      if (mine) g.roundRect(-w / 2, -h / 2, w, h, r).stroke({ width: 3, color: COLORS.cyan });
      if (details) drawCoin(g, -w * 0.3, h * 0.14, Math.max(3, h * 0.065));
    },
    [w, h, details, mine],
  );

  const top = h * 0.13;
  const pictureSize = details ? Math.min(w, h) * 0.5 : Math.min(w, h) * 0.72;
  return (
    <pixiContainer
      x={rect.x + w / 2}
      y={rect.y + h / 2}
      eventMode={tappable ? 'static' : 'none'}
      cursor={tappable ? 'pointer' : 'default'}
      hitArea={new Rectangle(-w / 2, -h / 2, w, h)}
      accessible={accessible}
      accessibleType="button"
      accessibleHint={mine ? `Briefcase ${caseNumber}, your case` : `Briefcase ${caseNumber}`}
      accessibleTitle={mine ? `Briefcase ${caseNumber}, your case` : `Briefcase ${caseNumber}`}
      onPointerTap={() => props.onTap(caseNumber)}
      onPointerOver={() => setHover(true)}
      onPointerOut={() => setHover(false)}
    >
      <pixiContainer ref={body}>
        {/* A closed case's inside is not made at all: 26 cases' worth of objects less to build before the
            board's first frame. It is made as the case opens (the same commit that starts the opening). */}
        <pixiContainer ref={inside}>
          {opened && (
            <>
              <pixiGraphics draw={drawInside} />
              {mine && (
                <pixiText
                  text="★"
                  anchor={{ x: 0, y: 0 }}
                  x={-w / 2 + 4}
                  y={-h / 2 + 2}
                  style={textStyle({
                    fontSize: Math.max(labelSize + 4, Math.round(h * 0.22)),
                    fill: COLORS.cyan,
                  })}
                />
              )}
              {texture && (
                <pixiSprite
                  texture={texture}
                  anchor={0.5}
                  y={details ? -h * 0.17 : 0}
                  width={pictureSize}
                  height={pictureSize}
                />
              )}
              {details && (
                <>
                  <pixiText
                    text={formatNumber(gift.coins)}
                    anchor={{ x: 0, y: 0.5 }}
                    x={-w * 0.3 + Math.max(3, h * 0.065) * 1.6}
                    y={h * 0.14}
                    style={textStyle({ fontSize: labelSize + 2, fontWeight: '900', fill: COLORS.gold })}
                  />
                  <pixiText
                    text={gift.shortName}
                    anchor={0.5}
                    y={h * 0.34}
                    style={textStyle({ fontSize: labelSize, fill: COLORS.muted })}
                  />
                </>
              )}
            </>
          )}
        </pixiContainer>
        <pixiContainer ref={lid}>
          <pixiGraphics draw={drawLid} />
          <pixiText
            text={String(caseNumber)}
            anchor={0.5}
            y={mine ? -h / 2 + top + (h - top) * 0.33 : top / 2}
            style={textStyle({
              fontSize: mine ? Math.round(numberSize * 0.85) : numberSize,
              fontWeight: '900',
              fill: mine ? COLORS.cyan : COLORS.goldLight,
            })}
          />
          {mine && (
            <>
              {/* The star in the case's corner leaves 'YOUR CASE' the whole width, at the label's full size. */}
              <pixiText
                text="★"
                anchor={0.5}
                x={-w * 0.36}
                y={-h / 2 + top + (h - top) * 0.2}
                style={textStyle({ fontSize: labelSize + 1, fontWeight: '900', fill: 0x03302e })}
              />
              <pixiText
                ref={yourCase}
                text={GAME_TEXT.yourCase}
                anchor={0.5}
                y={h / 2 - (h - top) * 0.2}
                style={textStyle({ fontSize: labelSize + 1, fontWeight: '900', fill: 0x03302e })}
              />
            </>
          )}
        </pixiContainer>
      </pixiContainer>
    </pixiContainer>
  );
});
