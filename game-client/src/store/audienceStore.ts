import type {
  AudienceGift,
  AudienceLeaderboard,
  AudiencePush,
  AudienceSocial,
  AudienceState,
  LiveGamePublic,
} from '@dond/shared';
import { create } from 'zustand';

/** A line of the stage's feed: a gift, or a viewer following or sharing the stream. */
export type FeedItem =
  | ({ kind: 'gift'; key: number } & AudienceGift)
  | { kind: 'follow' | 'share'; key: number; viewerName: string };

/** How many lines the feed shows at once, and for how long each. */
export const FEED_SIZE = 4;
export const FEED_SHOWN_MS = 6000;

interface AudienceStore {
  /** The game whose audience state this is. */
  gameId: string | null;
  state: AudienceState | null;
  feed: FeedItem[];
  /** The stream's likes so far (from `social` pushes; null until the first). */
  likes: number | null;
  leaderboard: AudienceLeaderboard | null;
  /** A state of the game came (an answer, a push): its audience, as the API gave it. */
  fromView(view: LiveGamePublic): void;
  /** An `audience` push: the counts changed, or a window opened or closed. */
  push(push: AudiencePush): void;
  /** A `gift` push: into the feed, out again after FEED_SHOWN_MS. */
  gift(gift: AudienceGift): void;
  /** A `social` push: likes update the count; a follow or share shows in the feed as a gift does. */
  social(social: AudienceSocial): void;
  /** The leaderboards as read or pushed. */
  setLeaderboard(board: AudienceLeaderboard): void;
}

let feedKey = 0;

/**
 * The stream's audience as the stage and the deck show it (issue 20): the window open now with its votes or
 * calls, the gifts, follows and shares just received, the likes and the leaderboards. Fed by the stage's stream;
 * the game itself stays in the game store.
 */
export const useAudienceStore = create<AudienceStore>((set, get) => {
  const show = (item: FeedItem) => {
    set((s) => ({ feed: [...s.feed, item].slice(-FEED_SIZE) }));
    setTimeout(() => set((s) => ({ feed: s.feed.filter((f) => f.key !== item.key) })), FEED_SHOWN_MS);
  };
  return {
    gameId: null,
    state: null,
    feed: [],
    likes: null,
    leaderboard: null,
    fromView(view) {
      set({ gameId: view.id, state: view.audience ?? null });
    },
    push({ gameId, audience }) {
      // A push for another game than the one shown (a new game on its way) waits for that game's state.
      const shown = get().gameId;
      if (shown !== null && shown !== gameId) return;
      set({ gameId, state: audience });
    },
    gift(gift) {
      show({ kind: 'gift', key: ++feedKey, ...gift });
    },
    social({ kind, viewerName, likes }) {
      set({ likes });
      if (kind !== 'like') show({ kind, key: ++feedKey, viewerName });
    },
    setLeaderboard(leaderboard) {
      set({ leaderboard });
    },
  };
});
