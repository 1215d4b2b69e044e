import { DEFAULT_AUDIENCE_SOURCE_SETTINGS, type AudienceSourceSettings } from '@dond/shared';
import type { FormEvent } from 'react';
import { useFormCopy } from './useFormCopy';
import { useAudienceSources, useSaveAudienceSources } from '../../api/audience';
import { serverMessage } from '../../api/request';
import { sourceStateText } from './sourceState';

const settingsOf = (sources: { settings: AudienceSourceSettings }) => sources.settings;

/**
 * The stream's event sources on the deck (issue 20): TikFinity's WebSocket and TikTok LIVE through the API, each
 * turned on here, with its connection's state (asked for every 2 s).
 */
export function AudienceSources() {
  const sources = useAudienceSources();
  const save = useSaveAudienceSources();
  const { form, change, saved } = useFormCopy(sources.data, settingsOf, DEFAULT_AUDIENCE_SOURCE_SETTINGS);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form, { onSuccess: saved });
  };
  const now = Date.now();
  const state = sources.data?.state;
  const stateText = (kind: 'tikfinity' | 'tiktok') =>
    state ? sourceStateText(state[kind], now) : sources.isError ? 'Unknown' : '...';

  return (
    <form className="deck-sources" onSubmit={submit} aria-label="Event sources">
      <div className="deck-source">
        <label>
          <input
            type="checkbox"
            checked={form.tikfinity.enabled}
            onChange={(e) => change({ ...form, tikfinity: { ...form.tikfinity, enabled: e.target.checked } })}
          />{' '}
          TikFinity
        </label>
        <input
          type="text"
          aria-label="TikFinity URL"
          placeholder="ws://localhost:21213"
          spellCheck={false}
          value={form.tikfinity.url}
          onChange={(e) => change({ ...form, tikfinity: { ...form.tikfinity, url: e.target.value } })}
        />
        <span role="status" aria-label="TikFinity state" className="deck-source-state">
          {stateText('tikfinity')}
        </span>
      </div>
      <div className="deck-source">
        <label>
          <input
            type="checkbox"
            checked={form.tiktok.enabled}
            onChange={(e) => change({ ...form, tiktok: { ...form.tiktok, enabled: e.target.checked } })}
          />{' '}
          TikTok LIVE
        </label>
        <input
          type="text"
          aria-label="TikTok username"
          placeholder="@username"
          spellCheck={false}
          autoCapitalize="off"
          value={form.tiktok.username}
          onChange={(e) => change({ ...form, tiktok: { ...form.tiktok, username: e.target.value } })}
        />
        <span role="status" aria-label="TikTok state" className="deck-source-state">
          {stateText('tiktok')}
        </span>
      </div>
      <div className="deck-sources-save">
        <button type="submit" disabled={save.isPending}>
          Save sources
        </button>
        <span role="status" aria-label="Sources saved">
          {save.isError ? (serverMessage(save.error) ?? 'Could not save') : save.isSuccess ? 'Saved' : ''}
        </span>
      </div>
    </form>
  );
}
