import { formatNumber, type OfferStep } from '@dond/shared';
import type { Container, Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { textStyle } from '../scene/draw';
import { useTweens } from '../scene/useTweens';
import { COLORS } from '../theme';
import { motion } from '../motion/motion';

/** A chip narrower than this many characters of its font would need a font too small to read. */
const MIN_CHIP_FONT = 12;
const CHAR_WIDTH = 0.62;
const DIRECTION_COLOR = { first: COLORS.muted, up: COLORS.success, down: COLORS.danger, same: COLORS.muted };

function Chip({
  step,
  width,
  height,
  fontSize,
}: {
  step: OfferStep;
  width: number;
  height: number;
  fontSize: number;
}) {
  const { current, direction } = step;
  const color = DIRECTION_COLOR[direction];
  const arrow = fontSize * 0.85;
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      const r = height * 0.3;
      if (current) {
        for (let i = 3; i >= 1; i--) {
          g.roundRect(-width / 2 - i * 3, -height / 2 - i * 3, width + i * 6, height + i * 6, r + i * 3).fill(
            {
              color: COLORS.gold,
              alpha: 0.08,
            },
          );
        }
        g.roundRect(-width / 2, -height / 2, width, height, r).fill(COLORS.gold);
        g.roundRect(-width / 2, -height / 2, width, height * 0.45, r).fill({ color: 0xffffff, alpha: 0.25 });
      } else {
        g.roundRect(-width / 2, -height / 2, width, height, r).fill({ color: 0x0c0a1d, alpha: 0.9 });
        g.roundRect(-width / 2, -height / 2, width, height, r).stroke({ width: 2, color, alpha: 0.9 });
      }
      // The arrow: which way this offer went from the one before.
      const ax = -width / 2 + arrow * 0.9;
      const fill = current && direction === 'first' ? 0x2a1600 : color;
      if (direction === 'up')
        g.poly([ax, -arrow / 2, ax + arrow / 2, arrow / 2, ax - arrow / 2, arrow / 2]).fill(fill);
      if (direction === 'down')
        g.poly([ax - arrow / 2, -arrow / 2, ax + arrow / 2, -arrow / 2, ax, arrow / 2]).fill(fill);
      if (direction === 'same') {
        g.rect(ax - arrow / 2, -arrow * 0.3, arrow, arrow * 0.18).fill(fill);
        g.rect(ax - arrow / 2, arrow * 0.12, arrow, arrow * 0.18).fill(fill);
      }
      if (direction === 'first') g.circle(ax, 0, arrow * 0.28).fill(fill);
    },
    [width, height, current, direction, color, arrow],
  );
  return (
    <>
      <pixiGraphics draw={draw} />
      <pixiText
        text={formatNumber(step.offer)}
        anchor={0.5}
        x={arrow * 0.85}
        style={textStyle({ fontSize, fontWeight: '900', fill: current ? 0x2a1600 : COLORS.text })}
      />
    </>
  );
}

/**
 * The banker's offers as a strip of chips, oldest first, each with an arrow for the way it went from the one
 * before (green up, red down); the offer on the table last, in gold, pulsing. Only the latest that fit at a
 * readable size are drawn (the DOM mirror lists them all).
 */
export function OfferStrip({
  steps,
  x,
  y,
  width,
  height,
  fontSize,
}: {
  steps: readonly OfferStep[];
  x: number;
  y: number;
  width: number;
  height: number;
  fontSize: number;
}) {
  const gap = Math.max(4, Math.round(height * 0.22));
  const longest = Math.max(...steps.map((s) => formatNumber(s.offer).length), 1) + 2;
  const minChip = longest * CHAR_WIDTH * MIN_CHIP_FONT + gap;
  const fit = Math.max(1, Math.floor((width + gap) / (minChip + gap)));
  const shown = steps.slice(-fit);
  const chipW = Math.min((width - (shown.length - 1) * gap) / shown.length, height * 4);
  const font = Math.round(
    Math.max(MIN_CHIP_FONT, Math.min(fontSize, height * 0.5, (chipW - gap) / (longest * CHAR_WIDTH))),
  );
  const total = shown.length * chipW + (shown.length - 1) * gap;
  const chips = useRef<Array<Container | null>>([]);
  const tween = useTweens();
  useLayoutEffect(() => {
    const { chips: C, currentPulse: pulse } = motion().offerDialog;
    chips.current.forEach((chip, i) => {
      if (!chip) return;
      const last = i === shown.length - 1;
      chip.alpha = 0;
      tween(chip, { alpha: 1, duration: C.duration, delay: i * C.stagger });
      tween(chip.scale, {
        startAt: { x: C.fromScale, y: C.fromScale },
        x: 1,
        y: 1,
        duration: C.duration,
        delay: i * C.stagger,
        ease: C.ease,
        onComplete:
          last && pulse.pulses > 0
            ? () => {
                // Out and back `pulses` times.
                tween(chip.scale, {
                  x: pulse.scale,
                  y: pulse.scale,
                  duration: pulse.duration,
                  yoyo: true,
                  repeat: pulse.pulses * 2 - 1,
                  ease: pulse.ease,
                });
              }
            : undefined,
      });
    });
    // Once per offer: the strip comes in when the dialog opens.
  }, [shown.length, tween]);
  return (
    <pixiContainer x={x - total / 2 + chipW / 2} y={y}>
      {shown.map((step, i) => (
        <pixiContainer
          key={steps.length - shown.length + i}
          x={i * (chipW + gap)}
          ref={(c) => {
            chips.current[i] = c;
          }}
        >
          <Chip step={step} width={chipW} height={height} fontSize={font} />
        </pixiContainer>
      ))}
    </pixiContainer>
  );
}
