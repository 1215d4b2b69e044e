import { formatNumber, GIFT_FALLBACK_IMAGE_URL, type Gift } from '@dond/shared';
import { useEffect, useState } from 'react';
import type { ValueBoardLayout } from '../layout';
import { StrikeSweeps } from './StrikeSweeps';
import { COLORS, cssColor, DIMMED_ALPHA, FONT_CSS } from '../theme';
import { boardResolution, useCanvasTexture } from './canvasTexture';
import { HEADING, PANEL_FILL, VALUE_ROW_FILL } from './draw';
import { useBoardIdle, useFrameOnCommit } from './useFrame';

/** Room around the panel for its glow. */
const MARGIN = 8;

const font = (weight: string, size: number) => `${weight} ${size}px ${FONT_CSS}`;

function verticalGradient(
  ctx: CanvasRenderingContext2D,
  y: number,
  height: number,
  stops: ReadonlyArray<readonly [offset: number, color: number]>,
): CanvasGradient {
  const gradient = ctx.createLinearGradient(0, y, 0, y + height);
  for (const [offset, color] of stops) gradient.addColorStop(offset, cssColor(color));
  return gradient;
}

/** drawPanel (draw.ts) on a 2D canvas: the glow, the glass and its edge. */
function paintPanel(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, edge: number) {
  const radius = 14;
  ctx.lineWidth = 2;
  for (let i = 3; i >= 1; i--) {
    ctx.strokeStyle = cssColor(edge, 0.05 * (4 - i));
    ctx.beginPath();
    ctx.roundRect(x - i * 2, y - i * 2, w + i * 4, h + i * 4, radius + i * 2);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, radius);
  ctx.fillStyle = verticalGradient(ctx, y, h, PANEL_FILL);
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = cssColor(edge, 0.55);
  ctx.stroke();
}

/** Gift pictures for painting on a 2D canvas, by URL; a broken one is replaced by the box picture. */
const images = new Map<string, Promise<HTMLImageElement | null>>();

function loadImage(url: string): Promise<HTMLImageElement | null> {
  let image = images.get(url);
  if (!image) {
    const img = new Image();
    img.src = url;
    image = img.decode().then(
      () => img,
      () => (url === GIFT_FALLBACK_IMAGE_URL ? null : loadImage(GIFT_FALLBACK_IMAGE_URL)),
    );
    images.set(url, image);
  }
  return image;
}

/**
 * The pictures of these gifts once all have loaded (one repaint, not 13), by URL. Asked for once the board is
 * idle after its first frame: each SVG picture is a small document the main thread parses and draws.
 */
function useGiftImages(gifts: readonly Gift[]): ReadonlyMap<string, HTMLImageElement> | null {
  const urls = gifts.map((g) => g.imageUrl).join('\n');
  const idle = useBoardIdle();
  const [loaded, setLoaded] = useState<{ urls: string; map: Map<string, HTMLImageElement> } | null>(null);
  useEffect(() => {
    if (!idle) return;
    let live = true;
    const list = urls.split('\n');
    void Promise.all(list.map(loadImage)).then((imgs) => {
      const map = new Map<string, HTMLImageElement>();
      imgs.forEach((img, i) => img && map.set(list[i]!, img));
      if (live) setLoaded({ urls, map });
    });
    return () => {
      live = false;
    };
  }, [urls, idle]);
  return loaded && loaded.urls === urls ? loaded.map : null;
}

/** The coin symbol (drawCoin in draw.ts) on a 2D canvas. */
function paintCoin(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number) {
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fillStyle = cssColor(COLORS.goldDeep);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy - r * 0.08, r * 0.9, 0, Math.PI * 2);
  ctx.fillStyle = verticalGradient(ctx, cy - r, 2 * r, [
    [0, COLORS.goldLight],
    [1, COLORS.gold],
  ]);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(cx, cy - r * 0.08, r * 0.55, 0, Math.PI * 2);
  ctx.lineWidth = Math.max(1, r * 0.14);
  ctx.strokeStyle = cssColor(COLORS.goldDeep, 0.7);
  ctx.stroke();
}

interface BoardPaint {
  title: string;
  layout: ValueBoardLayout;
  gifts: readonly Gift[];
  eliminated: readonly boolean[];
  higher: boolean;
  titleSize: number;
  rowSize: number;
  pictures: ReadonlyMap<string, HTMLImageElement> | null;
}

/** The title, glowing, shrunk (never grown) to fit its box. */
function paintTitle(ctx: CanvasRenderingContext2D, { title, layout, titleSize, higher }: BoardPaint) {
  const color = higher ? COLORS.gold : COLORS.cyan;
  const box = layout.title;
  ctx.save();
  ctx.font = font('900', titleSize);
  ctx.letterSpacing = `${Math.round(titleSize * HEADING.letterSpacing)}px`;
  const fit = Math.min(1, box.width / ctx.measureText(title).width);
  ctx.translate(box.x + box.width / 2, box.y + box.height / 2);
  ctx.scale(fit, fit);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.shadowColor = cssColor(color, HEADING.glowAlpha);
  ctx.shadowBlur = Math.max(2, titleSize * HEADING.glowBlur);
  ctx.fillStyle = cssColor(color);
  ctx.fillText(title, 0, 0);
  ctx.restore();
}

/**
 * One row: the gift's picture, its name and its coins after the coin symbol (issue 15: every mode shows all
 * three). Where the name does not fit, the short name; where even that does not, it is narrowed to fit.
 */
function paintRow(
  ctx: CanvasRenderingContext2D,
  gift: Gift,
  eliminated: boolean,
  paint: BoardPaint,
  i: number,
) {
  const row = paint.layout.rows[i];
  if (!row) return;
  const { x, y, width, height } = row;
  const r = Math.min(8, height / 2);
  ctx.save();
  ctx.globalAlpha = eliminated ? DIMMED_ALPHA : 1;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, r);
  const fill = eliminated
    ? VALUE_ROW_FILL.eliminated
    : paint.higher
      ? VALUE_ROW_FILL.higher
      : VALUE_ROW_FILL.lower;
  ctx.fillStyle = verticalGradient(ctx, y, height, fill);
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(x, y, width, height * 0.45, r);
  ctx.fillStyle = cssColor(0xffffff, eliminated ? 0.04 : 0.18);
  ctx.fill();

  const pad = Math.max(3, Math.min(height * 0.3, width * 0.03));
  const cy = y + height / 2;
  const pictureSize = height * 0.84;
  const picture = paint.pictures?.get(gift.imageUrl);
  if (picture) ctx.drawImage(picture, x + pad, cy - pictureSize / 2, pictureSize, pictureSize);
  const nameX = x + pad * 1.5 + pictureSize;

  const coins = formatNumber(gift.coins);
  const coinR = paint.rowSize * 0.42;
  ctx.textBaseline = 'middle';
  ctx.font = font('900', paint.rowSize);
  const coinsW = ctx.measureText(coins).width;
  const coinsX = x + width - pad - coinsW;
  paintCoin(ctx, coinsX - coinR * 1.35, cy, coinR);
  ctx.fillStyle = cssColor(eliminated ? COLORS.muted : 0x1b1203);
  ctx.textAlign = 'left';
  ctx.fillText(coins, coinsX, cy);

  const room = coinsX - coinR * 2.7 - pad - nameX;
  ctx.font = font('700', paint.rowSize);
  const label =
    [gift.name, gift.shortName].find((text) => ctx.measureText(text).width <= room) ?? gift.shortName;
  const squeeze = Math.min(1, Math.max(1, room) / ctx.measureText(label).width);
  ctx.save();
  ctx.translate(nameX, cy);
  ctx.scale(squeeze, 1);
  ctx.fillText(label, 0, 0);
  ctx.restore();

  if (eliminated) {
    // Struck through: SPEC.md section 2.
    ctx.beginPath();
    ctx.moveTo(x + height * 0.3, y + height / 2);
    ctx.lineTo(x + width - height * 0.3, y + height / 2);
    ctx.lineWidth = Math.max(1.5, height * 0.08);
    ctx.strokeStyle = cssColor(COLORS.pink);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * 'LOWER VALUES' or 'HIGHER VALUES': 13 gifts, lowest first, eliminated ones dimmed and struck through.
 * Painted on a 2D canvas into one texture, repainted when a value on it is eliminated (BoardMirror holds
 * the same text for assistive technology).
 */
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
  const struck = gifts.map((g) => eliminated.has(g.id));
  // The rows are in the board's first frame; their pictures come once the board is idle after it.
  const pictures = useGiftImages(gifts);
  const paint: BoardPaint = {
    title,
    layout,
    gifts,
    eliminated: struck,
    higher,
    titleSize,
    rowSize,
    pictures,
  };
  const texture = useCanvasTexture(
    panel.width + 2 * MARGIN,
    panel.height + 2 * MARGIN,
    boardResolution(),
    (ctx) => {
      ctx.translate(MARGIN - panel.x, MARGIN - panel.y);
      paintPanel(ctx, panel.x, panel.y, panel.width, panel.height, higher ? COLORS.gold : COLORS.cyan);
      paintTitle(ctx, paint);
      gifts.forEach((gift, i) => paintRow(ctx, gift, struck[i]!, paint, i));
    },
    [layout, title, higher, titleSize, rowSize, gifts, struck.join(), pictures],
  );
  return (
    <>
      <pixiSprite
        texture={texture}
        x={panel.x - MARGIN}
        y={panel.y - MARGIN}
        width={panel.width + 2 * MARGIN}
        height={panel.height + 2 * MARGIN}
      />
      <StrikeSweeps rows={layout.rows} gifts={gifts} eliminated={eliminated} />
    </>
  );
}
