import { formatCoins, type Gift } from '@dond/shared';
import { useId } from 'react';
import { GiftImage } from '../../ui/GiftImage';
import { giftLabel } from './giftLabels';

interface Props {
  title: 'LOWER VALUES' | 'HIGHER VALUES';
  tone: 'lower' | 'higher';
  gifts: readonly Gift[];
  /** Places left empty on this board after a removal. */
  emptySlots: number;
  /** The gift that just came in: it lights up for a moment. */
  changedId: number | null;
  onGift(gift: Gift): void;
  onEmptySlot(): void;
}

/** One of the show's value boards: a column of gift bars, cheapest at the top. */
export function ValueBoard({ title, tone, gifts, emptySlots, changedId, onGift, onEmptySlot }: Props) {
  const headingId = useId();
  return (
    <section className={`value-board value-board-${tone}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="value-board-title">
        {title}
      </h2>
      <ol className="value-board-list">
        {gifts.map((gift) => (
          <li key={gift.id}>
            <button
              type="button"
              className={gift.id === changedId ? 'value-slot value-slot-changed' : 'value-slot'}
              data-gift-id={gift.id}
              aria-label={giftLabel(gift)}
              aria-haspopup="dialog"
              title={`Swap ${gift.name}`}
              onClick={() => onGift(gift)}
            >
              <GiftImage gift={gift} size={40} alt="" className="value-slot-image" />
              <span className="value-slot-name">{gift.name}</span>
              <span className="gift-coins">{formatCoins(gift.coins)}</span>
              <span className="value-slot-swap" aria-hidden="true">
                ⇄
              </span>
            </button>
          </li>
        ))}
        {Array.from({ length: emptySlots }, (_, i) => (
          <li key={`empty-${i}`}>
            <button
              type="button"
              className="value-slot value-slot-empty"
              data-empty-slot=""
              aria-label="Empty slot, add a gift"
              aria-haspopup="dialog"
              onClick={onEmptySlot}
            >
              <span className="value-slot-plus" aria-hidden="true">
                +
              </span>
              <span className="value-slot-name">Empty slot: add a gift</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
