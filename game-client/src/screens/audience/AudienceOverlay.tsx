import { GIFT_FALLBACK_IMAGE_URL, GIFTS, formatNumber, type AudienceState } from '@dond/shared';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import type { Rect } from '../../board/layout';
import { useAudienceStore, type FeedItem } from '../../store/audienceStore';
import type { AudienceSlots } from './audienceSlots';
import { LEADERBOARD_REST_TICKS, LEADERBOARD_SLIDE_MS, leaderboardSlides, slideAt } from './leaderboard';

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
  const calls = state.mode === 'vote' ? [] : topCalls(state.calls);
  return (
    <section className={`audience-window audience-window-${state.mode}`} aria-label="Audience vote">
      <header>
        <span className="audience-title">
          {state.mode === 'vote' ? 'CHAT VOTES' : 'CHAT PICKS THE NEXT CASE'}
        </span>
        <span className="audience-hint">
          {state.mode === 'vote' ? 'Type deal or no deal' : 'Type a case number'}
        </span>
        <span className="audience-countdown" aria-label="Seconds left">
          {left ?? ''}s
        </span>
      </header>
      {state.mode === 'vote' ? (
        <div className="audience-counts">
          <span className="audience-count-deal">DEAL {formatNumber(deal)}</span>
          <div className="audience-bar" role="img" aria-label={`DEAL ${deal}, NO DEAL ${noDeal}`}>
            <div className="audience-bar-deal" style={{ width: `${dealShare * 100}%` }} />
          </div>
          <span className="audience-count-no-deal">NO DEAL {formatNumber(noDeal)}</span>
        </div>
      ) : (
        calls.length > 0 && (
          <ol className="audience-calls">
            {calls.map(([n, c]) => (
              <li key={n} aria-label={`Case #${n}: ${formatNumber(c)} ${c === 1 ? 'call' : 'calls'}`}>
                <span>#{n}</span> <span className="audience-call-count">×{formatNumber(c)}</span>
              </li>
            ))}
          </ol>
        )
      )}
    </section>
  );
}

/** A line of the feed: a gift with the viewer's name (as the blocklist lets it show) and our picture, a follow, a share. */
function FeedLine({ item }: { item: FeedItem }) {
  if (item.kind === 'gift') {
    return (
      <li className="audience-feed-gift">
        <img src={giftPicture(item.giftName)} alt="" width={44} height={44} />
        <span>
          <strong>{item.viewerName}</strong> sent {item.giftName}
          {item.repeatCount > 1 ? ` x${item.repeatCount}` : ''}
        </span>
      </li>
    );
  }
  return (
    <li className={`audience-feed-${item.kind}`}>
      {/* The icon is drawn by CSS, so the line's text is what happened. */}
      <span
        className="audience-feed-icon"
        aria-hidden="true"
        data-icon={item.kind === 'follow' ? '+' : '↗'}
      />
      <span>
        <strong>{item.viewerName}</strong> {item.kind === 'follow' ? 'followed' : 'shared the stream'}
      </span>
    </li>
  );
}

/** The gifts, follows and shares just received, each for a few seconds. */
export function AudienceFeed() {
  const feed = useAudienceStore((s) => s.feed);
  return (
    <ul className="audience-gifts" aria-label="Gifts">
      {feed.map((item) => (
        <FeedLine key={item.key} item={item} />
      ))}
    </ul>
  );
}

/** A tick every LEADERBOARD_SLIDE_MS while there is more than one thing to show. */
function useSlideTick(turns: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (turns < 2) return;
    const timer = setInterval(() => setTick((t) => t + 1), LEADERBOARD_SLIDE_MS);
    return () => clearInterval(timer);
  }, [turns]);
  return tick;
}

/**
 * The leaderboards (the game's and the stream's top voters and gifters), one board at a time, and the stream's
 * likes. Where the panel covers the board (portrait), it rests between rounds, leaving only the likes.
 */
export function AudienceLeaderboards({ rest }: { rest: boolean }) {
  const board = useAudienceStore((s) => s.leaderboard);
  const likes = useAudienceStore((s) => s.likes);
  const slides = useMemo(() => leaderboardSlides(board), [board]);
  const restTicks = rest ? LEADERBOARD_REST_TICKS : 0;
  const tick = useSlideTick(slides.length + restTicks);
  const shown = slideAt(slides.length, tick, restTicks);
  if (shown === null && likes === null) return null;
  const slide = shown === null ? null : slides[shown]!;
  return (
    <section className="audience-board" aria-label="Leaderboards">
      <header>
        <span className="audience-board-title">{slide?.title.toUpperCase()}</span>
        {likes !== null && (
          <span className="audience-likes" aria-label={`${formatNumber(likes)} likes`}>
            <span aria-hidden="true">♥</span> {formatNumber(likes)}
          </span>
        )}
      </header>
      {slides.map((s, i) => (
        <div key={s.id} hidden={i !== shown}>
          <p className="audience-board-scope">{s.scope.toUpperCase()}</p>
          <ol aria-label={`${s.title}, ${s.scope.toLowerCase()}`}>
            {s.rows.map((row, rank) => (
              <li
                key={rank}
                aria-label={`${rank + 1}. ${row.viewerName}, ${formatNumber(row.score)} ${s.unit}`}
              >
                <span className="audience-board-rank">{rank + 1}</span>
                <span className="audience-board-name">{row.viewerName}</span>
                <span className="audience-board-score">
                  {s.unit === 'diamonds' && (
                    <span className="audience-diamond" aria-hidden="true">
                      ◆
                    </span>
                  )}
                  {formatNumber(row.score)}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

const box = (r: Rect): CSSProperties => ({ left: r.x, top: r.y, width: r.width, height: r.height });

/** What the stage shows of the stream's audience (issue 20), over the board, each panel in its slot. */
export function AudienceOverlay({ slots }: { slots: AudienceSlots }) {
  const state = useAudienceStore((s) => s.state);
  return (
    <div className={`audience-overlay${slots.window.compact ? ' audience-compact' : ''}`}>
      <div className="audience-slot audience-slot-window" style={box(slots.window)}>
        {state && <AudienceWindow state={state} />}
      </div>
      <div className="audience-slot audience-slot-feed" style={box(slots.feed)}>
        <AudienceFeed />
      </div>
      <div className="audience-slot audience-slot-boards" style={box(slots.boards)}>
        <AudienceLeaderboards rest={slots.boardsCover} />
      </div>
    </div>
  );
}
