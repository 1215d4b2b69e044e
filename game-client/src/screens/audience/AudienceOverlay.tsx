import { GIFT_FALLBACK_IMAGE_URL, GIFTS, formatNumber, type AudienceState } from '@dond/shared';
import { useEffect, useState } from 'react';
import { useAudienceStore } from '../../store/audienceStore';

/** Seconds left until `endsAt`, ticking while the window is open. */
export function useSecondsLeft(endsAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [endsAt]);
  if (!endsAt) return null;
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
}

/** The three most-called cases, most called first (ties: the lower number). */
export function topCalls(
  calls: AudienceState['calls'],
  count = 3,
): Array<[caseNumber: number, calls: number]> {
  return Object.entries(calls)
    .map(([n, c]) => [Number(n), c] as [number, number])
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, count);
}

/** Our picture of a TikTok gift by its name (TikTok's own pictures are not loaded: the page's CSP keeps to us). */
function giftPicture(giftName: string): string {
  const name = giftName.trim().toLowerCase();
  return GIFTS.find((g) => g.name.toLowerCase() === name)?.imageUrl ?? GIFT_FALLBACK_IMAGE_URL;
}

/** The open window: the vote's bar and countdown, or the cases the chat is calling. */
export function AudienceWindow({ state }: { state: AudienceState }) {
  const left = useSecondsLeft(state.open ? state.endsAt : null);
  if (!state.open) return null;
  const { deal, noDeal } = state.votes;
  const total = deal + noDeal;
  const dealShare = total ? deal / total : 0.5;
  return (
    <section className="audience-window" aria-label="Audience vote">
      <header>
        <span className="audience-title">
          {state.mode === 'vote' ? 'CHAT VOTES' : 'CHAT PICKS THE NEXT CASE'}
        </span>
        <span className="audience-countdown" aria-label="Seconds left">
          {left ?? ''}s
        </span>
      </header>
      {state.mode === 'vote' ? (
        <>
          <div className="audience-bar" role="img" aria-label={`DEAL ${deal}, NO DEAL ${noDeal}`}>
            <div className="audience-bar-deal" style={{ width: `${dealShare * 100}%` }} />
          </div>
          <p className="audience-counts">
            <span>DEAL {formatNumber(deal)}</span>
            <span>NO DEAL {formatNumber(noDeal)}</span>
          </p>
          <p className="audience-hint">Type deal or no deal</p>
        </>
      ) : (
        <>
          <ol className="audience-calls">
            {topCalls(state.calls).map(([n, c]) => (
              <li key={n} aria-label={`Case #${n}: ${formatNumber(c)} ${c === 1 ? 'call' : 'calls'}`}>
                <span>#{n}</span> <span className="audience-call-count">×{formatNumber(c)}</span>
              </li>
            ))}
          </ol>
          <p className="audience-hint">Type a case number</p>
        </>
      )}
    </section>
  );
}

/** The gifts just received, each with the viewer's name (as the blocklist lets it show) and the gift's picture. */
export function GiftFeed() {
  const gifts = useAudienceStore((s) => s.gifts);
  return (
    <ul className="audience-gifts" aria-label="Gifts">
      {gifts.map((g) => (
        <li key={g.key}>
          <img src={giftPicture(g.giftName)} alt="" width={44} height={44} />
          <span>
            <strong>{g.viewerName}</strong> sent {g.giftName}
            {g.repeatCount > 1 ? ` x${g.repeatCount}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What the stage shows of the stream's audience (issue 20), over the board. */
export function AudienceOverlay() {
  const state = useAudienceStore((s) => s.state);
  return (
    <div className="audience-overlay">
      {state && <AudienceWindow state={state} />}
      <GiftFeed />
    </div>
  );
}
