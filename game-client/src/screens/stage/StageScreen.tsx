import { useEffect, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { SoundProvider } from '../../audio';
import { BoardMirror } from '../../board/BoardMirror';
import { useBoardComponent } from '../../board/preload';
import { createGameController, watching } from '../../game/controller';
import { GameProvider } from '../../game/GameProvider';
import { AudienceOverlay } from '../audience/AudienceOverlay';
import { audienceSlots } from '../audience/audienceSlots';
import { stageBackground } from '../../board/theme';
import { STAGE_CANVAS, stageArea, stageOptions, type StageOptions } from './stageOptions';
import { useStageStream } from './useStageStream';

export const STAGE_NOT_VALID = 'This stage link is not valid';

/** The scale that fits the logical canvas in the window, and the offset that centres it. */
function useFit(width: number, height: number) {
  const [fit, setFit] = useState({ scale: 1, x: 0, y: 0 });
  useLayoutEffect(() => {
    const measure = () => {
      const scale = Math.min(window.innerWidth / width, window.innerHeight / height);
      setFit({
        scale,
        x: (window.innerWidth - width * scale) / 2,
        y: (window.innerHeight - height * scale) / 2,
      });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [width, height]);
  return fit;
}

/** The page itself: no scroll bars, no cursor, and the background the stage asks for (none by default). */
function usePageForStage(background: string) {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('stage-page');
    const page = background === 'transparent' || background === 'stage' ? 'rgba(0, 0, 0, 0)' : background;
    for (const el of [root, document.body]) el.style.background = page;
    // The game's pages ask for a dark scheme, and Chromium then paints the page's canvas dark under a
    // transparent root: a stage asks for none, so that only what it draws covers the streamer's camera.
    const scheme = document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]');
    const asked = scheme?.content;
    if (scheme) scheme.content = 'normal';
    return () => {
      root.classList.remove('stage-page');
      for (const el of [root, document.body]) el.style.background = '';
      if (scheme && asked !== undefined) scheme.content = asked;
    };
  }, [background]);
}

/** TikTok LIVE's safe zones drawn as guides while the streamer sets up (`?guides=on`). */
function SafeZoneGuides({ options }: { options: StageOptions }) {
  const { width, height } = STAGE_CANVAS.portrait;
  const { top, bottom, right } = options.safeZone;
  return (
    <div className="stage-guides" aria-hidden="true">
      <div className="stage-guide" style={{ left: 0, top: 0, width, height: top }} />
      <div className="stage-guide" style={{ left: 0, top: height - bottom, width, height: bottom }} />
      <div
        className="stage-guide"
        style={{ left: width - right, top, width: right, height: height - top - bottom }}
      />
    </div>
  );
}

/**
 * /stage/{key}: what OBS captures (issue 18). The streamer's live game on a fixed 1920x1080 (or 1080x1920) canvas
 * scaled to the browser source, on a transparent page by default; nothing but the board and its hidden mirror.
 */
export function StageScreen() {
  const { key = '' } = useParams();
  const [search] = useSearchParams();
  const [options] = useState(() => stageOptions(search));
  // Each stage its own game, which only follows the streamer's: it takes no action.
  const [game] = useState(() => createGameController({ link: watching() }));
  const status = useStageStream(key, game);
  useEffect(() => () => game.dispose(), [game]);
  const PixiBoard = useBoardComponent();
  const canvas = STAGE_CANVAS[options.layout];
  const fit = useFit(canvas.width, canvas.height);
  usePageForStage(options.background);
  const area = stageArea(options.layout, options.safeZone);
  // The audience's panels go where the board's layout leaves room (or, portrait, where they cover least).
  const slots = useMemo(
    () => audienceSlots(options.layout, { width: area.width, height: area.height }),
    [options.layout, area.width, area.height],
  );
  if (status.state === 'invalid') {
    return (
      <main className="stage-invalid">
        <h1>{STAGE_NOT_VALID}</h1>
        <p>Copy the stage link again from the control deck.</p>
      </main>
    );
  }
  const style: CSSProperties = {
    width: canvas.width,
    height: canvas.height,
    transform: `translate(${fit.x}px, ${fit.y}px) scale(${fit.scale})`,
    background: options.background === 'stage' ? stageBackground(canvas.width, canvas.height) : undefined,
  };
  const areaBox = { left: area.x, top: area.y, width: area.width, height: area.height };
  const board = (
    <div
      className={`stage-canvas stage-${options.layout}`}
      style={style}
      data-stage-status={status.state === 'watching' ? (status.hasGame ? 'live' : 'waiting') : 'connecting'}
    >
      {status.state !== 'connecting' && PixiBoard && !(PixiBoard instanceof Error) && (
        <PixiBoard
          stage={{
            layout: options.layout,
            area,
            shownScale: fit.scale,
          }}
        />
      )}
      {status.state === 'watching' && (
        <div className="audience-layer" style={{ ...areaBox, position: 'absolute' }}>
          <AudienceOverlay slots={slots} />
        </div>
      )}
      {options.guides && options.layout === 'portrait' && <SafeZoneGuides options={options} />}
      <main className="visually-hidden" aria-label="Stage">
        <BoardMirror />
      </main>
    </div>
  );
  return (
    <GameProvider controller={game}>
      {options.sound ? <SoundProvider>{board}</SoundProvider> : board}
    </GameProvider>
  );
}
