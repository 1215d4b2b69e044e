import { VOLUME_MAX, VOLUME_MIN, VOLUME_STEP } from '@dond/shared';
import type { VolumeKind } from './mixer';
import { useSound } from './SoundProvider';

const SLIDERS: ReadonlyArray<{ kind: VolumeKind; label: string }> = [
  { kind: 'master', label: 'Master' },
  { kind: 'music', label: 'Music' },
  { kind: 'sfx', label: 'Effects' },
];

/** SPEC.md section 2: the background-music toggle and the Master, Music and Effects sliders. */
export function AudioPanel() {
  const { settings, setVolume, setMusicEnabled } = useSound();
  return (
    <section className="audio-panel" aria-label="Audio">
      <label className="audio-toggle">
        <input
          type="checkbox"
          role="switch"
          checked={settings.musicEnabled}
          onChange={(e) => setMusicEnabled(e.currentTarget.checked)}
        />
        Background music
      </label>
      {SLIDERS.map(({ kind, label }) => (
        <label key={kind} className="audio-slider">
          <span>{label}</span>
          <input
            type="range"
            min={VOLUME_MIN}
            max={VOLUME_MAX}
            step={VOLUME_STEP}
            value={settings[kind]}
            aria-valuetext={`${Math.round(settings[kind] * 100)}%`}
            onChange={(e) => setVolume(kind, Number(e.currentTarget.value))}
          />
        </label>
      ))}
    </section>
  );
}
