import { GAME_TEXT, keepCaseLabel, swapCaseLabel } from '@dond/shared';
import type { Graphics } from 'pixi.js';
import { useCallback } from 'react';
import type { BoardLayout } from '../layout';
import { Button } from '../scene/Button';
import { GOLD_BODY, headingStyle, textStyle, vertical } from '../scene/draw';
import { COLORS } from '../theme';
import { OverlayBody } from './OverlayBody';
import { OverlayFrame } from './OverlayFrame';
import { actionRow } from './placement';

function MiniCase({
  x,
  y,
  w,
  label,
  caseNumber,
  edge,
  fontSize,
}: {
  x: number;
  y: number;
  w: number;
  label: string;
  caseNumber: number;
  edge: number;
  fontSize: number;
}) {
  const h = w * 0.72;
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      g.roundRect(-w * 0.15, -h / 2 - h * 0.14, w * 0.3, h * 0.22, h * 0.08).stroke({
        width: 3,
        color: COLORS.goldDeep,
      });
      g.roundRect(-w / 2, -h / 2, w, h, 10).fill(vertical(GOLD_BODY));
      g.roundRect(-w / 2, -h / 2, w, h * 0.35, 10).fill({ color: 0xffffff, alpha: 0.2 });
      g.roundRect(-w / 2, -h / 2, w, h, 10).stroke({ width: 3, color: edge });
    },
    [w, h, edge],
  );
  return (
    <pixiContainer x={x} y={y}>
      <pixiText
        text={label}
        anchor={0.5}
        y={-h / 2 - h * 0.14 - fontSize}
        style={textStyle({ fontSize, fontWeight: '900', fill: edge, letterSpacing: 2 })}
      />
      <pixiGraphics draw={draw} />
      <pixiText text={`#${caseNumber}`} anchor={0.5} style={headingStyle(Math.round(h * 0.42), 0x2a1600)} />
    </pixiContainer>
  );
}

/** 'FINAL DECISION!': keep the first pick or swap for the last case standing. */
export function FinalDecisionOverlay({
  layout,
  playerCase,
  otherCase,
  locked,
  onKeep,
  onSwap,
}: {
  layout: BoardLayout;
  playerCase: number;
  otherCase: number;
  locked: boolean;
  onKeep: () => void;
  onSwap: () => void;
}) {
  const { overlay: panel, fonts } = layout;
  const cx = panel.width / 2;
  const textY = fonts.overlayTitle * 2.3;
  const buttons = actionRow(panel, fonts.button, 2);
  const noteY = buttons[0]!.y - fonts.overlayBody * 1.8;
  const casesTop = textY + fonts.overlayBody * 3.2 + fonts.overlayBody * 1.5;
  const casesBottom = noteY - fonts.overlayBody;
  const caseW = Math.max(48, Math.min(panel.width * 0.24, ((casesBottom - casesTop) / 0.72) * 0.8));
  const casesY = (casesTop + casesBottom) / 2 + fonts.overlayBody * 0.5;
  return (
    <OverlayFrame
      animation="finalDecision"
      stage={layout}
      panel={panel}
      title={GAME_TEXT.finalDecisionTitle}
      titleSize={fonts.overlayTitle}
    >
      <OverlayBody
        panel={panel}
        text={GAME_TEXT.finalDecisionText}
        y={textY}
        fontSize={fonts.overlayBody}
        wrap={0.85}
      />
      <MiniCase
        x={panel.width * 0.3}
        y={casesY}
        w={caseW}
        label={GAME_TEXT.yourCase}
        caseNumber={playerCase}
        edge={COLORS.cyan}
        fontSize={Math.round(fonts.overlayBody * 0.85)}
      />
      <pixiText
        text="VS"
        anchor={0.5}
        x={cx}
        y={casesY}
        style={headingStyle(fonts.overlayTitle, COLORS.pink)}
      />
      <MiniCase
        x={panel.width * 0.7}
        y={casesY}
        w={caseW}
        label={GAME_TEXT.otherCase}
        caseNumber={otherCase}
        edge={COLORS.pink}
        fontSize={Math.round(fonts.overlayBody * 0.85)}
      />
      <OverlayBody
        panel={panel}
        text={GAME_TEXT.finalDecisionNote}
        y={noteY}
        fontSize={Math.round(fonts.overlayBody * 0.85)}
        fill={COLORS.muted}
        italic
      />
      <Button
        rect={buttons[0]!}
        label={keepCaseLabel(playerCase)}
        variant="cyan"
        enabled={!locked}
        fontSize={fonts.button}
        onPress={onKeep}
      />
      <Button
        rect={buttons[1]!}
        label={swapCaseLabel(otherCase)}
        variant="danger"
        enabled={!locked}
        fontSize={fonts.button}
        onPress={onSwap}
      />
    </OverlayFrame>
  );
}
