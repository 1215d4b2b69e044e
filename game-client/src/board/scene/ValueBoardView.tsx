import { formatNumber, type Gift } from '@dond/shared';
import { CanvasTextMetrics, type Container, type Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { ValueBoardLayout } from '../layout';
import { COLORS, DIMMED_ALPHA } from '../theme';
import { drawPanel, headingStyle, textStyle, vertical } from './draw';
import { useCachedContainer } from './useCache';
import { useFitWidth } from './useFitWidth';
import { useFrameOnCommit } from './useFrame';

function ValueRow({
  gift,
  width,
  height,
  y,
  x,
  fontSize,
  eliminated,
  higher,
}: {
  gift: Gift;
  width: number;
  height: number;
  x: number;
  y: number;
  fontSize: number;
  eliminated: boolean;
  higher: boolean;
}) {
  const row = useRef<Container>(null);
  const pad = Math.max(3, Math.min(height * 0.35, width * 0.05));
  const ink = eliminated ? COLORS.muted : 0x1b1203;
  const nameStyle = textStyle({ fontSize, fontWeight: '700', fill: ink });
  const coinsStyle = textStyle({ fontSize, fontWeight: '900', fill: ink });
  // A long name in a narrow column gives way to the gift's short name, and where even that would run into
  // the coins (the phone's columns), the row shows its coins alone: the amount is what the player tracks.
  const label = useMemo(() => {
    const room = width - 3 * pad - CanvasTextMetrics.measureText(formatNumber(gift.coins), coinsStyle).width;
    for (const text of [gift.name, gift.shortName]) {
      if (CanvasTextMetrics.measureText(text, nameStyle).width <= room) return text;
    }
    return null;
  }, [gift, width, pad, nameStyle, coinsStyle]);
  useLayoutEffect(() => {
    const c = row.current;
    if (!c) return;
    // Set at once: the board is a cached texture, redrawn when a case opens.
    c.alpha = eliminated ? DIMMED_ALPHA : 1;
  }, [eliminated]);

  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      const r = Math.min(8, height / 2);
      g.roundRect(0, 0, width, height, r).fill(
        eliminated
          ? vertical([
              [0, 0x2a2640],
              [1, 0x1c1930],
            ])
          : vertical(
              higher
                ? [
                    [0, 0xffd86b],
                    [1, 0xc9951c],
                  ]
                : [
                    [0, 0x3fe6e0],
                    [1, 0x118c88],
                  ],
            ),
      );
      g.roundRect(0, 0, width, height * 0.45, r).fill({ color: 0xffffff, alpha: eliminated ? 0.04 : 0.18 });
      if (eliminated) {
        // Struck through: SPEC.md section 2.
        g.moveTo(height * 0.3, height / 2)
          .lineTo(width - height * 0.3, height / 2)
          .stroke({ width: Math.max(1.5, height * 0.08), color: COLORS.pink });
      }
    },
    [width, height, eliminated, higher],
  );
  return (
    <pixiContainer ref={row} x={x} y={y}>
      <pixiGraphics draw={draw} />
      {label !== null && (
        <pixiText text={label} anchor={{ x: 0, y: 0.5 }} x={pad} y={height / 2} style={nameStyle} />
      )}
      <pixiText
        text={formatNumber(gift.coins)}
        anchor={{ x: label === null ? 0.5 : 1, y: 0.5 }}
        x={label === null ? width / 2 : width - pad}
        y={height / 2}
        style={coinsStyle}
      />
    </pixiContainer>
  );
}

/** 'LOWER VALUES' or 'HIGHER VALUES': 13 gifts, lowest first, eliminated ones dimmed and struck through. */
export function ValueBoardView({
  title,
  layout,
  gifts,
  eliminated,
  higher,
  titleSize,
  rowSize,
}: {
  title: string;
  layout: ValueBoardLayout;
  gifts: readonly Gift[];
  eliminated: ReadonlySet<number>;
  higher: boolean;
  titleSize: number;
  rowSize: number;
}) {
  useFrameOnCommit();
  const { panel } = layout;
  const titleRef = useFitWidth(layout.title.width, title);
  const board = useCachedContainer();
  const drawBox = useCallback(
    (g: Graphics) => {
      g.clear();
      drawPanel(g, panel.width, panel.height, { edge: higher ? COLORS.gold : COLORS.cyan });
    },
    [panel.width, panel.height, higher],
  );
  return (
    <pixiContainer ref={board}>
      <pixiGraphics x={panel.x} y={panel.y} draw={drawBox} />
      <pixiText
        ref={titleRef}
        text={title}
        anchor={0.5}
        x={layout.title.x + layout.title.width / 2}
        y={layout.title.y + layout.title.height / 2}
        style={headingStyle(titleSize, higher ? COLORS.gold : COLORS.cyan)}
      />
      {gifts.map((gift, i) => {
        const row = layout.rows[i];
        if (!row) return null;
        return (
          <ValueRow
            key={gift.id}
            gift={gift}
            x={row.x}
            y={row.y}
            width={row.width}
            height={row.height}
            fontSize={rowSize}
            eliminated={eliminated.has(gift.id)}
            higher={higher}
          />
        );
      })}
    </pixiContainer>
  );
}
