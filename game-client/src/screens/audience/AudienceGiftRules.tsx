import {
  AUDIENCE_GIFT_EFFECTS,
  AUDIENCE_GIFT_RULES_LIMIT,
  GIFTS,
  type AudienceGiftEffect,
  type AudienceGiftRule,
} from '@dond/shared';
import type { FormEvent } from 'react';
import { useFormCopy } from './useFormCopy';
import { useGiftRules, useSaveGiftRules } from '../../api/audience';
import { serverMessage } from '../../api/request';
import {
  GIFT_EFFECT_NAMES,
  giftNameSuggestions,
  giftRuleRow,
  rulesFromRows,
  type GiftRuleRow,
} from './giftRules';

const SUGGESTIONS = giftNameSuggestions(GIFTS);
const NO_ROWS: GiftRuleRow[] = [];
const rowsOf = (saved: { rules: AudienceGiftRule[] }) => saved.rules.map((rule) => giftRuleRow(rule));

/**
 * The deck's gift rules (issue 20): which gifts count as DEAL or NO DEAL votes, or back the case their viewer
 * called, weighted by their diamonds. Saved all at once; the API's 400 is shown in its own words.
 */
export function AudienceGiftRules() {
  const saved = useGiftRules();
  const save = useSaveGiftRules();
  const { form: rows, change: edit, saved: done } = useFormCopy(saved.data, rowsOf, NO_ROWS);
  const change = (next: GiftRuleRow[]) => {
    save.reset();
    edit(next);
  };
  const update = (id: number, patch: Partial<GiftRuleRow>) =>
    change(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ rules: rulesFromRows(rows) }, { onSuccess: done });
  };
  return (
    <form className="deck-gift-rules" onSubmit={submit} aria-label="Gift rules">
      <h3>Gift rules</h3>
      <p>
        A gift counts as many votes as its diamonds times its streak (at least 1), while the chat decides.
      </p>
      <datalist id="deck-gift-names">
        {SUGGESTIONS.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <ul>
        {rows.map((row, i) => (
          <li key={row.id} className="deck-gift-rule">
            <input
              type="text"
              aria-label={`Gift ${i + 1}`}
              placeholder="Gift name, as TikTok names it"
              list="deck-gift-names"
              spellCheck={false}
              maxLength={64}
              value={row.giftName}
              onChange={(e) => update(row.id, { giftName: e.target.value })}
            />
            <select
              aria-label={`Gift ${i + 1} effect`}
              value={row.effect}
              onChange={(e) => update(row.id, { effect: e.target.value as AudienceGiftEffect })}
            >
              {AUDIENCE_GIFT_EFFECTS.map((effect) => (
                <option key={effect} value={effect}>
                  {GIFT_EFFECT_NAMES[effect]}
                </option>
              ))}
            </select>
            <button
              type="button"
              aria-label={`Remove gift ${i + 1}`}
              onClick={() => change(rows.filter((r) => r.id !== row.id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="deck-gift-rules-save">
        <button
          type="button"
          disabled={rows.length >= AUDIENCE_GIFT_RULES_LIMIT}
          onClick={() => change([...rows, giftRuleRow()])}
        >
          Add gift
        </button>
        <button type="submit" disabled={save.isPending}>
          Save gift rules
        </button>
        <span role="status" aria-label="Gift rules saved">
          {save.isError
            ? (serverMessage(save.error) ?? 'Could not save')
            : save.isSuccess
              ? `Saved: ${save.data.rules.length} ${save.data.rules.length === 1 ? 'rule' : 'rules'}`
              : ''}
        </span>
      </div>
    </form>
  );
}
