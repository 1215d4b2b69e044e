import { formatCoins, type Gift } from '@dond/shared';
import { useEffect, useId, useRef } from 'react';
import { GiftImage } from '../../ui/GiftImage';
import { giftLabel } from './giftLabels';

interface Props {
  title: string;
  hint: string;
  /** The gift the list is about, shown beside the title. */
  current?: Gift;
  options: readonly Gift[];
  /** Shown when there is nothing to pick. */
  emptyText: string;
  onPick(gift: Gift): void;
  /** An extra action under the list, e.g. removing the gift from the set. */
  secondary?: { label: string; onClick(): void };
  onClose(): void;
}

/**
 * The swap list: a modal dialog (the browser's own <dialog>, so focus stays inside and Escape closes it)
 * listing gifts to pick, one button each.
 */
export function GiftPicker({ title, hint, current, options, emptyText, onPick, secondary, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hintId = useId();

  // Opened once mounted; unmounting takes it out of the page. (No close() in a cleanup: its close event
  // would reach onClose during StrictMode's second mount and shut the list at once.)
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      className="gift-picker"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      // Escape: close through React at once. (Left to the browser, the close event comes a task later, and a
      // list opened again in between would be shut by it.)
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
      // A click on the backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="gift-picker-panel">
        <header className="gift-picker-head">
          {current && <GiftImage gift={current} size={56} alt="" className="gift-picker-current" />}
          <div>
            <h2 id={titleId}>{title}</h2>
            {current && <p className="gift-coins">{formatCoins(current.coins)}</p>}
            <p id={hintId}>{hint}</p>
          </div>
        </header>
        {options.length === 0 ? (
          <p className="gift-picker-empty">{emptyText}</p>
        ) : (
          <ul className="gift-picker-list">
            {options.map((gift) => (
              <li key={gift.id}>
                <button
                  type="button"
                  className="gift-option"
                  aria-label={giftLabel(gift)}
                  onClick={() => onPick(gift)}
                >
                  <GiftImage gift={gift} size={44} alt="" />
                  <span className="gift-option-name">{gift.name}</span>
                  <span className="gift-coins">{formatCoins(gift.coins)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <footer className="gift-picker-actions">
          {secondary && (
            <button type="button" className="btn btn-danger" onClick={secondary.onClick}>
              {secondary.label}
            </button>
          )}
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
        </footer>
      </div>
    </dialog>
  );
}
