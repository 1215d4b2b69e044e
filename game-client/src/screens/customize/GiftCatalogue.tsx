import { formatCoins, GIFTS, type Gift } from '@dond/shared';
import { useId } from 'react';
import { GiftImage } from '../../ui/GiftImage';
import { giftLabel } from './giftLabels';

interface Props {
  selectedIds: ReadonlySet<number>;
  onGift(gift: Gift): void;
}

/** Every gift of the catalogue; the ones already in the set are marked. */
export function GiftCatalogue({ selectedIds, onGift }: Props) {
  const headingId = useId();
  return (
    <section className="gift-catalogue" aria-labelledby={headingId}>
      <div className="gift-catalogue-head">
        <h2 id={headingId}>New TikTok Gifts Available</h2>
        <p>
          All {GIFTS.length} gifts. Those marked <span className="in-set-badge">✓ In set</span> are on your
          boards: pick one to swap it, or pick any other to bring it in.
        </p>
      </div>
      <ul className="gift-catalogue-grid">
        {GIFTS.map((gift) => {
          const selected = selectedIds.has(gift.id);
          return (
            <li key={gift.id}>
              <button
                type="button"
                className="catalogue-gift"
                data-gift-id={gift.id}
                data-selected={selected ? 'true' : 'false'}
                aria-label={`${giftLabel(gift)}${selected ? ', in your set' : ''}`}
                onClick={() => onGift(gift)}
              >
                {selected && (
                  <span className="in-set-badge catalogue-gift-badge" aria-hidden="true">
                    ✓ In set
                  </span>
                )}
                <GiftImage gift={gift} size={64} alt="" />
                <span className="catalogue-gift-name">{gift.name}</span>
                <span className="gift-coins">{formatCoins(gift.coins)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
