import { act, fireEvent, render as renderUi, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGameController, type GameController } from '../game/controller';
import type { BoardEvent, BoardEventListener } from '../game/events';
import { GameProvider } from '../game/GameProvider';
import { AudioPanel } from './AudioPanel';
import { MUSIC_ENABLED_KEY } from './messages';
import { SoundProvider, useSound } from './SoundProvider';
import type { Engine, EngineLoader, Preparer } from './soundSystem';

// The screen's game under the provider: a real controller whose state the tests set, and whose event stream
// they feed with the moments they play (the controller's own timing is tested in game/controller.test.ts).
const real = createGameController();
const useGameStore = real.store;
const listeners = new Set<BoardEventListener>();
const game: GameController = {
  ...real,
  on(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
function emitBoardEvents(events: readonly BoardEvent[]) {
  for (const event of events) for (const listener of [...listeners]) listener(event);
}
const render = (ui: ReactNode) =>
  renderUi(ui, { wrapper: ({ children }) => <GameProvider controller={game}>{children}</GameProvider> });

function fakeEngine() {
  const calls: string[] = [];
  const engine: Engine = {
    apply: (g) => calls.push(`apply ${g.master} ${g.sfx} ${g.music} ${g.ring}`),
    play: (cue) => calls.push(`play ${cue}`),
    startMusic: async (wanted) => (wanted() ? (calls.push('music on'), true) : false),
    stopMusic: () => calls.push('music off'),
    startRing: async (wanted) => (wanted() ? (calls.push('ring on'), true) : false),
    stopRing: () => calls.push('ring off'),
    startBed: async (wanted) => (wanted() ? (calls.push('bed on'), true) : false),
    stopBed: () => calls.push('bed off'),
    suspend: async () => void calls.push('suspend'),
    resume: async () => void calls.push('resume'),
    levels: () => ({
      master: 0,
      sfx: 0,
      music: 0,
      ring: 0,
      contextState: 'running',
      musicLoaded: true,
      ringLoaded: true,
      bedPlaying: false,
      bed: 0,
      musicDuck: 1,
    }),
    dispose: () => calls.push('dispose'),
  };
  return { engine, calls };
}

const flush = () => act(async () => {});

function fakePreparer() {
  const calls: string[] = [];
  const preparer: Preparer = {
    context: () => calls.push('context'),
    preload: async (track) => void calls.push(`preload ${track}`),
    resume: () => calls.push('resume'),
  };
  return { preparer, calls };
}

async function mountUnlocked(loader: EngineLoader, preparer = fakePreparer().preparer) {
  const view = render(
    <SoundProvider loadEngine={loader} preparer={preparer}>
      <AudioPanel />
    </SoundProvider>,
  );
  fireEvent.pointerDown(window);
  await flush();
  await flush();
  return view;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('useSound', () => {
  it('throws outside its provider', () => {
    const Lonely = () => (useSound(), null);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Lonely />)).toThrow('useSound must be used within a SoundProvider');
    vi.restoreAllMocks();
  });
});

describe('SoundProvider', () => {
  it('loads the engine on the first gesture only, then starts the music (enabled when nothing is saved)', async () => {
    const { engine, calls } = fakeEngine();
    const loader = vi.fn(async () => engine);
    render(
      <SoundProvider loadEngine={loader} preparer={fakePreparer().preparer}>
        <AudioPanel />
      </SoundProvider>,
    );
    await flush();
    expect(loader).not.toHaveBeenCalled();
    expect(screen.getByRole('switch', { name: 'Background music' })).toHaveProperty('checked', true);
    fireEvent.keyDown(window, { key: 'a' });
    fireEvent.pointerDown(window);
    await flush();
    await flush();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(loader).toHaveBeenCalledWith({ master: 0.7, sfx: 0.8, music: 0.7, ring: 0.6 });
    expect(calls).toContain('music on');
  });

  it('saves the music toggle and stops and starts the loop', async () => {
    const { engine, calls } = fakeEngine();
    await mountUnlocked(async () => engine);
    const toggle = screen.getByRole('switch', { name: 'Background music' });
    fireEvent.click(toggle);
    await flush();
    expect(localStorage.getItem(MUSIC_ENABLED_KEY)).toBe('false');
    expect(calls.at(-1)).toBe('music off');
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    await flush();
    await flush();
    expect(localStorage.getItem(MUSIC_ENABLED_KEY)).toBe('true');
    expect(calls.at(-1)).toBe('music on');
  });

  it('reads a saved false and keeps the music off', async () => {
    localStorage.setItem(MUSIC_ENABLED_KEY, 'false');
    const { engine, calls } = fakeEngine();
    await mountUnlocked(async () => engine);
    expect(screen.getByRole('switch', { name: 'Background music' })).toHaveProperty('checked', false);
    expect(calls).not.toContain('music on');
  });

  it('moves the gains with the sliders: the music at half its slider once moved', async () => {
    const { engine, calls } = fakeEngine();
    await mountUnlocked(async () => engine);
    fireEvent.change(screen.getByRole('slider', { name: 'Master' }), { target: { value: '0.5' } });
    expect(calls.at(-1)).toBe('apply 0.5 0.8 0.7 0.6');
    fireEvent.change(screen.getByRole('slider', { name: 'Music' }), { target: { value: '0.4' } });
    expect(calls.at(-1)).toBe('apply 0.5 0.8 0.2 0.6');
    fireEvent.change(screen.getByRole('slider', { name: 'Effects' }), { target: { value: '0.1' } });
    expect(calls.at(-1)).toBe('apply 0.5 0.1 0.2 0.6');
    expect(screen.getByRole('slider', { name: 'Effects' })).toHaveProperty('value', '0.1');
  });

  it('logs a failed start with the words of SPEC 8 and stays silent', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await mountUnlocked(async () => {
      throw new Error('no audio here');
    });
    expect(error).toHaveBeenCalledWith('Failed to initialize audio:', expect.any(Error));
    act(() => emitBoardEvents([{ type: 'caseSelected', caseNumber: 3 }]));
    error.mockRestore();
  });

  it('warns when the music cannot play', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { engine } = fakeEngine();
    engine.startMusic = async () => {
      throw new Error('404');
    };
    await mountUnlocked(async () => engine);
    expect(warn).toHaveBeenCalledWith('Failed to play music:', expect.any(Error));
    warn.mockRestore();
  });

  it('pauses while the tab is hidden and resumes after', async () => {
    const { engine, calls } = fakeEngine();
    await mountUnlocked(async () => engine);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent(document, new Event('visibilitychange'));
    act(() => emitBoardEvents([{ type: 'caseSelected', caseNumber: 3 }]));
    visibility.mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    await flush();
    expect(calls.filter((c) => /suspend|resume|play/.test(c))).toEqual(['suspend', 'resume']);
    visibility.mockRestore();
  });

  it('plays each game moment, the banker’s chord when it comes, the ring while the phone shows', async () => {
    const { engine, calls } = fakeEngine();
    const view = await mountUnlocked(async () => engine);
    vi.useFakeTimers();
    const emit = (list: object[], overlay?: string) =>
      act(() => {
        if (overlay !== undefined) useGameStore.setState({ overlay: (overlay || null) as never });
        emitBoardEvents(list as never);
      });
    calls.length = 0;
    // The tap's click comes as the board takes the tap; the gift's answer brings the elimination's sound.
    emit([{ type: 'caseTapped', caseNumber: 1 }]);
    emit([{ type: 'caseSelected', caseNumber: 1 }]);
    emit([{ type: 'caseTapped', caseNumber: 2 }]);
    emit([{ type: 'caseEliminated', caseNumber: 2, gift: {} }]);
    emit([{ type: 'caseTapped', caseNumber: 3 }]);
    emit(
      [
        { type: 'caseEliminated', caseNumber: 3, gift: {} },
        { type: 'bankerCalling', offer: 5, round: 1 },
      ],
      'phone',
    );
    await act(async () => {});
    expect(calls).toEqual([
      'play caseTap',
      'play caseTap',
      'play caseEliminated',
      'play caseTap',
      'ring on',
      'play caseEliminated',
    ]);
    expect(calls).not.toContain('play bankerOffer');
    emit([{ type: 'bankerChord' }]);
    expect(calls.at(-1)).toBe('play bankerOffer');
    emit([{ type: 'offerShown', offer: 5 }], 'offer');
    expect(calls.at(-1)).toBe('ring off');
    emit([{ type: 'roundStarted', round: 2, casesToEliminate: 5 }], '');
    emit([{ type: 'dealAccepted', amount: 5, playerGift: {} }]);
    emit([{ type: 'finalChoiceStarted', playerCase: 1, otherCase: 2 }]);
    emit([{ type: 'finalRevealed' }]);
    expect(calls.slice(-4)).toEqual(['play noDeal', 'play dealAccepted', 'play noDeal', 'play finalReveal']);
    // Once the screen is left, nothing plays.
    view.unmount();
    emit([{ type: 'bankerChord' }]);
    expect(calls.filter((c) => c === 'play bankerOffer')).toHaveLength(1);
    expect(calls).toContain('dispose');
    act(() => useGameStore.setState({ overlay: null }));
  });

  it('prepares the audio context and the files only once the board is playable and the page idle', async () => {
    const { engine, calls: engineCalls } = fakeEngine();
    const { preparer, calls } = fakePreparer();
    const loader = vi.fn(async () => engine);
    const view = render(
      <SoundProvider loadEngine={loader} preparer={preparer}>
        <main id="board-mount" />
      </SoundProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(calls).toEqual([]);
    // The board's first case button: the board is playable.
    act(() => {
      const button = document.createElement('button');
      button.textContent = 'Briefcase 1';
      view.container.querySelector('#board-mount')!.append(button);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(calls).toEqual(['context', 'preload ring', 'preload music']);
    expect(loader).not.toHaveBeenCalled();
    // The first gesture resumes the prepared context, then loads Tone; the music starts.
    fireEvent.pointerDown(window);
    await flush();
    await flush();
    expect(calls.at(-1)).toBe('resume');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(engineCalls).toContain('music on');
    view.unmount();
  });

  it('fetches no music ahead when the music is off', async () => {
    localStorage.setItem(MUSIC_ENABLED_KEY, 'false');
    const { preparer, calls } = fakePreparer();
    const view = render(
      <SoundProvider loadEngine={async () => fakeEngine().engine} preparer={preparer}>
        <main id="board-mount">
          <button type="button">Briefcase 1</button>
        </main>
      </SoundProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(calls).toEqual(['context', 'preload ring']);
    view.unmount();
  });

  it('plays the tension bed from the call until DEAL or NO DEAL, only with the music on', async () => {
    const { engine, calls } = fakeEngine();
    const view = await mountUnlocked(async () => engine);
    const phase = (gamePhase: string) =>
      act(() => useGameStore.setState((s) => ({ game: { ...s.game, gamePhase: gamePhase as never } })));
    const before = useGameStore.getState().game;
    calls.length = 0;
    phase('phone-ringing');
    await flush();
    expect(calls).toEqual(['bed on']);
    phase('offer');
    await flush();
    expect(calls).toEqual(['bed on']);
    phase('elimination');
    expect(calls).toEqual(['bed on', 'bed off']);
    // Music off: the next call has no bed; music on again during a call: the bed comes with it.
    fireEvent.click(screen.getByRole('switch', { name: 'Background music' }));
    calls.length = 0;
    phase('phone-ringing');
    await flush();
    expect(calls).not.toContain('bed on');
    fireEvent.click(screen.getByRole('switch', { name: 'Background music' }));
    await flush();
    await flush();
    expect(calls).toContain('bed on');
    phase('finished');
    expect(calls.at(-1)).toBe('bed off');
    view.unmount();
    act(() => useGameStore.setState({ game: before }));
  });
});
