import { GAME_TEXT, statusLine } from '@dond/shared';
import type { BoardLayout } from '../layout';
import { Button } from '../scene/Button';
import { headingStyle } from '../scene/draw';
import { COLORS } from '../theme';
import { OverlayBody } from './OverlayBody';
import { OverlayFrame } from './OverlayFrame';
import { actionRow } from './placement';

/**
 * 'Start a new game?': NEW GAME or RESET while a game is in progress (issue 15). 'New game' deals again,
 * 'Keep playing' closes it and the game goes on where it was.
 */
export function ConfirmNewGameOverlay({
  layout,
  playerCase,
  round,
  casesRemaining,
  onConfirm,
  onKeepPlaying,
}: {
  layout: BoardLayout;
  playerCase: number | null;
  round: number;
  casesRemaining: number;
  onConfirm: () => void;
  onKeepPlaying: () => void;
}) {
  const { overlay: panel, fonts } = layout;
  const cx = panel.width / 2;
  const [keep, fresh] = actionRow(panel, fonts.button, 2);
  const textY = fonts.overlayTitle * 2.6;
  // Where the game stands, so the player sees what a new game would throw away.
  const facts = [
    ...statusLine(round, casesRemaining, null),
    ...(playerCase === null ? [] : [`★ ${GAME_TEXT.yourCase} #${playerCase}`]),
  ].join('  ·  ');
  const factsY = (textY + fonts.overlayBody * 3 + keep!.y) / 2 - fonts.overlayBody;
  return (
    <OverlayFrame
      animation="newGameDialog"
      stage={layout}
      panel={panel}
      title={GAME_TEXT.confirmNewGameTitle}
      titleSize={fonts.overlayTitle}
    >
      <OverlayBody
        panel={panel}
        text={GAME_TEXT.confirmNewGameText}
        y={textY}
        fontSize={fonts.overlayBody}
        wrap={0.85}
      />
      <pixiText
        text={facts}
        anchor={{ x: 0.5, y: 0 }}
        x={cx}
        y={factsY}
        style={headingStyle(Math.round(fonts.overlayBody * 1.2), COLORS.cyan)}
      />
      <Button
        rect={keep!}
        label={GAME_TEXT.keepPlaying}
        variant="cyan"
        fontSize={fonts.button}
        onPress={onKeepPlaying}
      />
      <Button
        rect={fresh!}
        label={GAME_TEXT.confirmNewGame}
        variant="danger"
        fontSize={fonts.button}
        onPress={onConfirm}
      />
    </OverlayFrame>
  );
}
