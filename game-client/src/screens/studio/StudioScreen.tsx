import {
  DEFAULT_TUNING_DOCUMENT,
  publishedTuningSchema,
  tuningDocumentSchema,
  tuningHistorySchema,
  tuningProblems,
  type CurrentUser,
  type TuningAnimation,
  type TuningChange,
  type TuningDocument,
} from '@dond/shared';
import type { FpsGraphBladeApi } from '@tweakpane/plugin-essentials';
import { gsap } from 'gsap';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { apiJson, serverMessage } from '../../api/request';
import { BoardMirror } from '../../board/BoardMirror';
import { loadPublishedTuning, useMotionStore } from '../../board/motion/motion';
import { useBoardComponent } from '../../board/preload';
import { onFrameDrawn } from '../../board/stage';
import { createGameController, watching } from '../../game/controller';
import { GameProvider } from '../../game/GameProvider';
import { useBoxSize } from '../../ui/useBoxSize';
import type { ViewMode } from '../../store/sessionStore';
import { playAnimation, sandboxMoment } from './sandbox';
import { buildTuningPane } from './tuningPane';

type Variant = 'standard' | 'reduced';
const VIEW_MODES: ViewMode[] = ['desktop', 'tablet', 'mobile'];
const VIEW_MODE_NAMES: Record<ViewMode, string> = { desktop: 'Desktop', tablet: 'iPad', mobile: 'Mobile' };
/** A play has ended once the board has drawn nothing for this long. */
const PLAY_QUIET_MS = 1200;

const ADMIN_TUNING_URL = '/api/admin/tuning';

/** The sandbox's box, measured: the board fills it as a stage fills its canvas. */
function useBox() {
  const ref = useRef<HTMLDivElement>(null);
  return [ref, useBoxSize(ref)] as const;
}

/**
 * How long the last Play ran on the sandbox board: from the click to the last frame drawn before the board went
 * quiet (it draws only while something moves).
 */
function usePlayTimer() {
  const [lastMs, setLastMs] = useState<number | null>(null);
  const started = useRef<{ at: number; last: number } | null>(null);
  useEffect(() => {
    const off = onFrameDrawn((time) => {
      if (started.current) started.current.last = Math.max(started.current.last, time);
    });
    const check = setInterval(() => {
      const play = started.current;
      if (!play || performance.now() - Math.max(play.last, play.at) < PLAY_QUIET_MS) return;
      started.current = null;
      setLastMs(Math.round(Math.max(0, play.last - play.at)));
    }, 100);
    return () => {
      off();
      clearInterval(check);
    };
  }, []);
  const start = useCallback(() => {
    const at = performance.now();
    started.current = { at, last: at };
    setLastMs(null);
  }, []);
  return { lastMs, start };
}

/**
 * /studio (issue 19): the designers' tuning studio. The board in a sandbox beside a Tweakpane panel; each
 * animation plays on demand; the tuning is exported, imported, reset and published for every player and stage.
 */
export function StudioScreen({ user }: { user: CurrentUser }) {
  if (!user.isAdmin) {
    return (
      <main className="studio-refused">
        <h1>Tuning studio</h1>
        <p>The tuning studio is for admins.</p>
        <Link to="/">Back to the game</Link>
      </main>
    );
  }
  return <Studio />;
}

function Studio() {
  const PixiBoard = useBoardComponent();
  // The sandbox's own game: played only by its Play buttons, never by a tap on its board.
  const [sandbox] = useState(() => createGameController({ link: watching() }));
  const [boxRef, box] = useBox();
  const paneBox = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const working = useRef<TuningDocument>(structuredClone(DEFAULT_TUNING_DOCUMENT));
  const [variant, setVariant] = useState<Variant>('standard');
  const [generation, setGeneration] = useState(0);
  const [viewMode, setViewMode] = useState<ViewMode>('desktop');
  const [problems, setProblems] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const [history, setHistory] = useState<TuningChange[]>([]);
  const [rollbackTo, setRollbackTo] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fps = useRef<FpsGraphBladeApi | null>(null);
  const timer = usePlayTimer();

  /** Takes a whole document as the working copy (import, reset, rollback) and rebuilds the panel. */
  const adopt = useCallback((doc: TuningDocument) => {
    working.current = structuredClone(doc);
    useMotionStore.getState().edit(structuredClone(doc));
    setProblems([]);
    setGeneration((g) => g + 1);
  }, []);

  const loadHistory = useCallback(async () => {
    try {
      const { changes } = await apiJson('GET', `${ADMIN_TUNING_URL}/history`, undefined, tuningHistorySchema);
      setHistory(changes);
      setRollbackTo((id) => id ?? changes[0]?.id ?? null);
    } catch (error) {
      setStatus(`Could not read the history: ${serverMessage(error) ?? String(error)}`);
    }
  }, []);

  // The published tuning is where a session starts; the sandbox shows a game in progress.
  useEffect(() => {
    let live = true;
    void loadPublishedTuning().then(() => {
      if (!live) return;
      adopt(useMotionStore.getState().document);
      setReady(true);
    });
    void loadHistory();
    sandbox.follow(sandboxMoment((_, after) => after.openedOrder.length === 3).after);
    return () => {
      live = false;
      sandbox.dispose();
      useMotionStore.getState().setVariant('auto');
      gsap.globalTimeline.timeScale(1);
    };
  }, [adopt, loadHistory, sandbox]);

  useEffect(() => useMotionStore.getState().setVariant(variant), [variant]);

  useEffect(
    () =>
      onFrameDrawn(() => {
        fps.current?.begin();
        fps.current?.end();
      }),
    [],
  );

  const switchViewMode = useCallback(
    () => setViewMode((mode) => VIEW_MODES[(VIEW_MODES.indexOf(mode) + 1) % VIEW_MODES.length]!),
    [],
  );

  // The panel, over the variant being edited; rebuilt when a whole document comes in.
  useEffect(() => {
    const container = paneBox.current;
    if (!ready || !container) return;
    const pane = buildTuningPane(container, working.current[variant], {
      changed() {
        const parsed = tuningDocumentSchema.safeParse(structuredClone(working.current));
        if (!parsed.success) {
          setProblems(tuningProblems(parsed.error));
          return;
        }
        setProblems([]);
        useMotionStore.getState().edit(parsed.data);
      },
      play(animation: TuningAnimation) {
        timer.start();
        playAnimation(sandbox, animation, switchViewMode);
      },
      fps(graph) {
        fps.current = graph;
      },
      timeScale(scale) {
        gsap.globalTimeline.timeScale(scale);
      },
    });
    return () => {
      fps.current = null;
      pane.dispose();
    };
  }, [ready, variant, generation, switchViewMode, timer.start, sandbox]);

  const exportTuning = () => {
    const blob = new Blob([`${JSON.stringify(working.current, null, 2)}\n`], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'tuning.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    setStatus('Exported tuning.json');
  };

  const importTuning = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch (error) {
      setProblems([`${file.name} is not JSON: ${error instanceof Error ? error.message : String(error)}`]);
      return;
    }
    const parsed = tuningDocumentSchema.safeParse(json);
    if (!parsed.success) {
      setProblems(tuningProblems(parsed.error).map((p) => `${file.name}: ${p}`));
      setStatus(`Import refused: ${file.name} is not a valid tuning`);
      return;
    }
    adopt(parsed.data);
    setStatus(`Imported ${file.name}`);
  };

  const reset = () => {
    adopt(DEFAULT_TUNING_DOCUMENT);
    setStatus('Reset to the defaults');
  };

  const publish = async () => {
    const parsed = tuningDocumentSchema.safeParse(working.current);
    if (!parsed.success) return setProblems(tuningProblems(parsed.error));
    try {
      const published = await apiJson('PUT', ADMIN_TUNING_URL, parsed.data, publishedTuningSchema);
      useMotionStore.getState().setPublished(published.tuning, published.id);
      setStatus(`Published as change #${published.id} for every player and stage`);
      setRollbackTo(null);
      await loadHistory();
    } catch (error) {
      setStatus(`Publish failed: ${serverMessage(error) ?? String(error)}`);
    }
  };

  const rollback = async () => {
    if (rollbackTo === null) return;
    try {
      const published = await apiJson(
        'POST',
        `${ADMIN_TUNING_URL}/rollback`,
        { id: rollbackTo },
        publishedTuningSchema,
      );
      useMotionStore.getState().setPublished(published.tuning, published.id);
      adopt(published.tuning);
      setStatus(`Rolled back to change #${rollbackTo}, published as change #${published.id}`);
      setRollbackTo(null);
      await loadHistory();
    } catch (error) {
      setStatus(`Roll back failed: ${serverMessage(error) ?? String(error)}`);
    }
  };

  const board = PixiBoard && !(PixiBoard instanceof Error) && box && box.width > 0 && box.height > 0;
  return (
    <main className="studio" aria-label="Tuning studio">
      <header className="studio-bar">
        <h1>Tuning studio</h1>
        <label>
          Editing{' '}
          <select value={variant} onChange={(e) => setVariant(e.target.value as Variant)}>
            <option value="standard">Standard motion</option>
            <option value="reduced">Reduced motion</option>
          </select>
        </label>
        <label>
          Sandbox view{' '}
          <select value={viewMode} onChange={(e) => setViewMode(e.target.value as ViewMode)}>
            {VIEW_MODES.map((m) => (
              <option key={m} value={m}>
                {VIEW_MODE_NAMES[m]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={exportTuning}>
          Export
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Import
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          aria-label="Import a tuning file"
          className="visually-hidden"
          onChange={(e) => void importTuning(e)}
        />
        <button type="button" onClick={reset}>
          Reset
        </button>
        <button type="button" onClick={() => void publish()} disabled={problems.length > 0}>
          Publish
        </button>
        <label>
          History{' '}
          <select
            value={rollbackTo ?? ''}
            onChange={(e) => setRollbackTo(e.target.value ? Number(e.target.value) : null)}
          >
            {history.length === 0 && <option value="">Nothing published yet</option>}
            {history.map((c) => (
              <option key={c.id} value={c.id}>
                #{c.id} ·{' '}
                {new Date(c.publishedAt).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })} ·{' '}
                {c.publishedBy ?? 'a removed user'}
                {c.rolledBackFrom ? ` (roll back to #${c.rolledBackFrom})` : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void rollback()} disabled={rollbackTo === null}>
          Roll back
        </button>
        <Link to="/">Back to the game</Link>
      </header>
      <p className="studio-status" role="status" aria-label="Studio status">
        {status}
      </p>
      {problems.length > 0 && (
        <ul className="studio-problems" role="alert" aria-label="Tuning problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <div className="studio-body">
        <GameProvider controller={sandbox}>
          <section className="studio-sandbox" aria-label="Sandbox board">
            <div ref={boxRef} className="studio-sandbox-box">
              {board && (
                <PixiBoard
                  stage={{ layout: 'landscape', area: { x: 0, y: 0, ...box }, shownScale: 1 }}
                  viewMode={viewMode}
                />
              )}
            </div>
            <p className="studio-timer" aria-label="Last play" data-ms={timer.lastMs ?? ''}>
              {timer.lastMs === null ? 'Play an animation to time it' : `Last play: ${timer.lastMs} ms`}
            </p>
            <div className="visually-hidden">
              <BoardMirror />
            </div>
          </section>
        </GameProvider>
        <aside ref={paneBox} className="studio-pane" aria-label="Tuning panel" />
      </div>
    </main>
  );
}
