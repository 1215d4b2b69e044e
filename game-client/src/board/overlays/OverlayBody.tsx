import type { Rect } from '../geometry';
import { textStyle } from '../scene/draw';
import { useFitWidth } from '../scene/useFitWidth';
import { COLORS } from '../theme';

/**
 * An overlay's body text: the sentences under its title (what the dialog asks, who is calling, what a case
 * held), drawn one way in every overlay. Centred on `x` (the panel's middle unless given); `y` is its top, or
 * its middle with `middle`. A long text either wraps at `wrap` of the panel's width or, with `fit`, stays on
 * one line shrunk to that share.
 */
export function OverlayBody({
  panel,
  text,
  y,
  fontSize,
  x = panel.width / 2,
  fill = COLORS.text,
  wrap,
  fit,
  middle = false,
  italic = false,
}: {
  panel: Pick<Rect, 'width'>;
  text: string;
  y: number;
  fontSize: number;
  x?: number;
  fill?: number;
  wrap?: number;
  fit?: number;
  middle?: boolean;
  italic?: boolean;
}) {
  const fitRef = useFitWidth(fit === undefined ? Infinity : panel.width * fit, text);
  return (
    <pixiText
      ref={fitRef}
      text={text}
      anchor={{ x: 0.5, y: middle ? 0.5 : 0 }}
      x={x}
      y={y}
      style={textStyle({
        fontSize,
        fill,
        align: 'center',
        fontStyle: italic ? 'italic' : undefined,
        wordWrap: wrap !== undefined || undefined,
        wordWrapWidth: wrap === undefined ? undefined : panel.width * wrap,
      })}
    />
  );
}
