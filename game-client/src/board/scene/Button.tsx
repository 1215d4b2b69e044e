import { Rectangle, type Graphics } from 'pixi.js';
import { useCallback, useState } from 'react';
import type { Rect } from '../layout';
import { COLORS } from '../theme';
import { textStyle, vertical } from './draw';
import { useFrameOnCommit } from './useFrame';

export type ButtonVariant = 'gold' | 'danger' | 'ghost' | 'cyan';

const FILLS: Record<ButtonVariant, ReadonlyArray<readonly [number, number]>> = {
  gold: [
    [0, COLORS.goldLight],
    [0.5, COLORS.gold],
    [1, COLORS.goldDeep],
  ],
  danger: [
    [0, 0xff6b83],
    [1, 0xb81d3b],
  ],
  cyan: [
    [0, 0x8ffcf8],
    [1, 0x0fa9a4],
  ],
  ghost: [
    [0, 0x2a2547],
    [1, 0x171331],
  ],
};
const LABEL: Record<ButtonVariant, number> = {
  gold: 0x2a1600,
  danger: 0xffffff,
  cyan: 0x032b2a,
  ghost: COLORS.text,
};

/**
 * A canvas button with its accessible twin: a real <button> named by its label (or `name`), disabled
 * while `enabled` is false.
 */
export function Button({
  rect,
  label,
  name = label,
  variant = 'gold',
  enabled = true,
  fontSize,
  onPress,
}: {
  rect: Rect;
  label: string;
  name?: string;
  variant?: ButtonVariant;
  enabled?: boolean;
  fontSize: number;
  onPress: () => void;
}) {
  useFrameOnCommit();
  const [hover, setHover] = useState(false);
  const { width, height } = rect;
  const radius = Math.min(12, height / 2);
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      g.roundRect(0, 3, width, height, radius).fill({ color: 0x000000, alpha: 0.35 });
      g.roundRect(0, 0, width, height, radius).fill(vertical(FILLS[variant]));
      g.roundRect(1, 1, width - 2, height * 0.45, radius).fill({
        color: 0xffffff,
        alpha: hover ? 0.28 : 0.14,
      });
      g.roundRect(0, 0, width, height, radius).stroke({
        width: hover ? 2.5 : 1.5,
        color: variant === 'ghost' ? COLORS.cyan : 0xffffff,
        alpha: hover ? 0.9 : 0.45,
      });
    },
    [width, height, radius, variant, hover],
  );
  return (
    <pixiContainer
      x={rect.x}
      y={rect.y}
      alpha={enabled ? 1 : 0.45}
      eventMode={enabled ? 'static' : 'none'}
      cursor="pointer"
      hitArea={new Rectangle(0, 0, width, height)}
      accessible
      accessibleType="button"
      accessibleHint={name}
      accessibleTitle={name}
      onPointerTap={() => {
        // A press often hides the button (its overlay closes) with no pointer-out to follow: unlight it.
        setHover(false);
        onPress();
      }}
      onPointerOver={() => setHover(true)}
      onPointerOut={() => setHover(false)}
    >
      <pixiGraphics draw={draw} />
      <pixiText
        text={label}
        anchor={0.5}
        x={width / 2}
        y={height / 2}
        style={textStyle({ fontSize, fontWeight: '900', fill: LABEL[variant], letterSpacing: 1 })}
      />
    </pixiContainer>
  );
}
