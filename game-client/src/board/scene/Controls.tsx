import { GAME_TEXT } from '@dond/shared';
import type { Graphics } from 'pixi.js';
import { useCallback, useState } from 'react';
import type { BoardLayout } from '../layout';
import { COLORS } from '../theme';
import { Button } from './Button';
import { drawPanel, headingStyle } from './draw';
import { useFrameOnCommit } from './useFrame';

/**
 * NEW GAME and RESET under the cases; on tablet inside the collapsible GAME CONTROLS panel (SHOW/HIDE).
 * Both start a new game (SPEC.md section 4). Hidden from the keyboard while an overlay is up.
 */
export function Controls({
  layout,
  modal,
  onNewGame,
}: {
  layout: BoardLayout;
  modal: boolean;
  onNewGame: () => void;
}) {
  useFrameOnCommit();
  const [open, setOpen] = useState(true);
  const { controls, fonts } = layout;
  const tablet = controls.toggle !== null && controls.heading !== null;
  const { panel } = controls;
  // Folded, the panel keeps its heading row and the padding around it.
  const foldedH = controls.heading
    ? 2 * (controls.heading.y - panel.y) + controls.heading.height
    : panel.height;
  const drawBox = useCallback(
    (g: Graphics) => {
      g.clear();
      drawPanel(g, panel.width, open ? panel.height : foldedH, { radius: 10, glow: false });
    },
    [panel.width, panel.height, foldedH, open],
  );
  const showButtons = !tablet || open;
  return (
    <pixiContainer accessibleChildren={!modal}>
      {tablet && controls.heading && controls.toggle && (
        <>
          <pixiGraphics x={panel.x} y={panel.y} draw={drawBox} />
          <pixiText
            text={GAME_TEXT.gameControls}
            anchor={{ x: 0, y: 0.5 }}
            x={controls.heading.x + 4}
            y={controls.heading.y + controls.heading.height / 2}
            style={headingStyle(fonts.button, COLORS.cyan)}
          />
          <Button
            rect={controls.toggle}
            label={open ? GAME_TEXT.hide : GAME_TEXT.show}
            variant="ghost"
            fontSize={fonts.button}
            onPress={() => setOpen((o) => !o)}
          />
        </>
      )}
      {showButtons && (
        <>
          <Button
            rect={controls.newGame}
            label={GAME_TEXT.newGame}
            fontSize={fonts.button}
            onPress={onNewGame}
          />
          <Button
            rect={controls.reset}
            label={GAME_TEXT.reset}
            variant="ghost"
            fontSize={fonts.button}
            onPress={onNewGame}
          />
        </>
      )}
    </pixiContainer>
  );
}
