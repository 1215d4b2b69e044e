import {
  AUDIENCE_MODES,
  AUDIENCE_WINDOW_SECONDS,
  DEFAULT_AUDIENCE_SETTINGS,
  formatNumber,
  GIFTS,
  type AudienceEvent,
  type AudienceMode,
  type AudienceSettings,
} from '@dond/shared';
import { useState, type FormEvent } from 'react';
import { useFormCopy } from './useFormCopy';
import { serverMessage } from '../../api/request';
import { simulateAudienceEvent, useAudienceSettings, useSaveAudienceSettings } from '../../api/audience';
import { useAudienceStore } from '../../store/audienceStore';
import { AudienceGiftRules } from './AudienceGiftRules';
import { AudienceWindow } from './AudienceOverlay';
import { AudienceSources } from './AudienceSources';

const MODE_NAMES: Record<AudienceMode, string> = {
  off: 'Off',
  vote: 'Vote DEAL or NO DEAL',
  call: 'Call the next case',
};
/** The burst's size, and how many of its requests are in flight at once. */
const BURST = 1000;
const BURST_PARALLEL = 16;

/** A viewer of the simulator, by the name typed: the same name is the same viewer. */
function viewer(name: string) {
  const nickname = name.trim() || 'viewer';
  return { msgId: crypto.randomUUID(), viewerId: `sim-${nickname}`, uniqueId: nickname, nickname };
}

/** The form holds the settings as they are saved. */
const settingsForm = (settings: AudienceSettings) => settings;

function AudienceSettingsForm() {
  const settings = useAudienceSettings();
  const save = useSaveAudienceSettings();
  const { form, change, saved } = useFormCopy(settings.data, settingsForm, DEFAULT_AUDIENCE_SETTINGS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form, { onSuccess: saved });
  };
  return (
    <form className="deck-audience-settings" onSubmit={submit}>
      <label>
        The audience{' '}
        <select
          aria-label="The audience"
          value={form.mode}
          onChange={(e) => change({ ...form, mode: e.target.value as AudienceMode })}
        >
          {AUDIENCE_MODES.map((m) => (
            <option key={m} value={m}>
              {MODE_NAMES[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Window (seconds){' '}
        <input
          type="number"
          min={AUDIENCE_WINDOW_SECONDS.min}
          max={AUDIENCE_WINDOW_SECONDS.max}
          value={form.windowSeconds}
          onChange={(e) => change({ ...form, windowSeconds: Number(e.target.value) })}
        />
      </label>
      <button type="submit" disabled={save.isPending}>
        Save audience
      </button>
      <span role="status" aria-label="Audience settings">
        {save.isError
          ? (serverMessage(save.error) ?? 'Could not save')
          : save.isSuccess
            ? `Saved: ${MODE_NAMES[save.data.mode]}, ${save.data.windowSeconds} s`
            : ''}
      </span>
    </form>
  );
}

/** The simulator: what a live stream's chat and gifts would send, for rehearsals and the tests. */
function AudienceSimulator() {
  const [name, setName] = useState('viewer1');
  const [comment, setComment] = useState('deal');
  const [giftId, setGiftId] = useState(GIFTS[0]!.id);
  const [repeat, setRepeat] = useState(1);
  const [said, setSaid] = useState('');
  const send = async (event: AudienceEvent, what: string) => {
    try {
      await simulateAudienceEvent(event);
      setSaid(`Sent ${what}`);
    } catch (error) {
      setSaid(serverMessage(error) ?? String(error));
    }
  };
  const gift = GIFTS.find((g) => g.id === giftId) ?? GIFTS[0]!;
  const burst = async () => {
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < BURST) {
        const i = next++;
        const who = viewer(`burst${i}`);
        await simulateAudienceEvent({ type: 'chat', ...who, comment: i % 3 === 0 ? 'no deal' : 'deal' });
      }
    };
    setSaid('Sending 1,000 chat messages...');
    try {
      await Promise.all(Array.from({ length: BURST_PARALLEL }, worker));
      setSaid(`Sent ${formatNumber(BURST)} chat messages in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      setSaid(serverMessage(error) ?? String(error));
    }
  };
  return (
    <fieldset className="deck-simulator">
      <legend>Simulator</legend>
      <label>
        Viewer <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <div className="deck-simulator-row">
        <label>
          Chat <input value={comment} onChange={(e) => setComment(e.target.value)} />
        </label>
        <button
          type="button"
          onClick={() => void send({ type: 'chat', ...viewer(name), comment }, 'a chat line')}
        >
          Send chat
        </button>
      </div>
      <div className="deck-simulator-row">
        <label>
          Gift{' '}
          <select aria-label="Gift" value={giftId} onChange={(e) => setGiftId(Number(e.target.value))}>
            {GIFTS.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Streak{' '}
          <input
            type="number"
            min={1}
            max={999}
            value={repeat}
            onChange={(e) => setRepeat(Number(e.target.value))}
          />
        </label>
        <button
          type="button"
          onClick={() =>
            void send(
              {
                type: 'gift',
                ...viewer(name),
                giftId: gift.id,
                giftName: gift.name,
                diamondCount: gift.coins,
                repeatCount: Math.max(1, repeat),
              },
              `${gift.name} x${Math.max(1, repeat)}`,
            )
          }
        >
          Send gift
        </button>
      </div>
      <div className="deck-simulator-row">
        <button
          type="button"
          onClick={() => void send({ type: 'like', ...viewer(name), likeCount: 15 }, '15 likes')}
        >
          Send likes
        </button>
        <button type="button" onClick={() => void send({ type: 'follow', ...viewer(name) }, 'a follow')}>
          Follow
        </button>
        <button type="button" onClick={() => void send({ type: 'share', ...viewer(name) }, 'a share')}>
          Share
        </button>
        <button type="button" onClick={() => void burst()}>
          Burst of 1,000 chat messages
        </button>
      </div>
      <p role="status" aria-label="Simulator">
        {said}
      </p>
    </fieldset>
  );
}

/** The deck's audience section (issue 20): what the chat and its gifts do, the window open now, the simulator. */
export function AudienceDeck() {
  const state = useAudienceStore((s) => s.state);
  return (
    <section className="deck-audience" aria-label="Audience">
      <h2>Audience</h2>
      <AudienceSettingsForm />
      <AudienceGiftRules />
      <AudienceSources />
      {state?.open && <AudienceWindow state={state} />}
      <AudienceSimulator />
    </section>
  );
}
