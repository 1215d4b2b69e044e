import { CASE_COUNT } from '@dond/shared';

/** What a key press on the deck asks for. */
export type DeckCommand =
  | { type: 'digit'; digits: string }
  | { type: 'case'; caseNumber: number }
  | { type: 'clear' }
  | { type: 'deal' }
  | { type: 'noDeal' }
  | { type: 'keep' }
  | { type: 'swap' }
  | { type: 'continue' }
  | { type: 'newGame' };

/** The hotkeys as the deck shows them. */
export const DECK_HOTKEYS: ReadonlyArray<[keys: string, what: string]> = [
  ['1-26 Enter', 'pick or open that case'],
  ['D', 'DEAL!'],
  ['N', 'NO DEAL!'],
  ['K', 'keep your case'],
  ['S', 'swap'],
  ['Space', 'CONTINUE or close'],
  ['Ctrl+Enter', 'NEW GAME'],
];

/**
 * The deck's hotkeys, a pure function of the key and the case number typed so far: digits build a case number
 * (two at most), Enter sends it, Backspace or Escape clears it; D, N, K, S, Space and Ctrl+Enter are the phase's
 * buttons. null: not a hotkey (the browser keeps it).
 */
export function deckCommand(
  key: string,
  typed: string,
  modifiers: { ctrl: boolean; alt: boolean; meta: boolean },
): DeckCommand | null {
  if (modifiers.alt || modifiers.meta) return null;
  if (modifiers.ctrl) return key === 'Enter' ? { type: 'newGame' } : null;
  if (/^[0-9]$/.test(key)) {
    const digits = (typed + key).slice(-2);
    // '0' alone is no case; a third digit starts a new number.
    return { type: 'digit', digits: digits === '0' || digits === '00' ? '' : digits.replace(/^0/, '') };
  }
  if (key === 'Enter') {
    const n = Number(typed);
    return typed && n >= 1 && n <= CASE_COUNT ? { type: 'case', caseNumber: n } : { type: 'clear' };
  }
  if (key === 'Escape' || key === 'Backspace') return { type: 'clear' };
  switch (key.toLowerCase()) {
    case 'd':
      return { type: 'deal' };
    case 'n':
      return { type: 'noDeal' };
    case 'k':
      return { type: 'keep' };
    case 's':
      return { type: 'swap' };
    case ' ':
      return { type: 'continue' };
  }
  return null;
}
