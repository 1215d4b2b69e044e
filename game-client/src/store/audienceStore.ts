import type { AudienceGift, AudiencePush, AudienceState, LiveGamePublic } from '@dond/shared';
import { create } from 'zustand';

/** A gift on show in the stage's feed, until `until` (page time). */
export interface ShownGift extends AudienceGift {
  key: number;
}

/** How many gifts the feed shows at once, and for how long each. */
export const GIFT_FEED_SIZE = 4;
export const GIFT_SHOWN_MS = 6000;

interface AudienceStore {
  /** The game whose audience state this is. */
  gameId: string | null;
  state: AudienceState | null;
  gifts: ShownGift[];
  /** A state of the game came (an answer, a push): its audience, as the API gave it. */
  fromView(view: LiveGamePublic): void;
  /** An `audience` push: the counts changed, or a window opened or closed. */
  push(push: AudiencePush): void;
  /** A `gift` push: into the feed, out again after GIFT_SHOWN_MS. */
  gift(gift: AudienceGift): void;
}

let giftKey = 0;

/**
 * The stream's audience as the stage and the deck show it (issue 20): the window open now with its votes or
 * calls, and the gifts just received. Fed by the stage's stream; the game itself stays in the game store.
 */
export const useAudienceStore = create<AudienceStore>((set, get) => ({
  gameId: null,
  state: null,
  gifts: [],
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
    const key = ++giftKey;
    set((s) => ({ gifts: [...s.gifts, { ...gift, key }].slice(-GIFT_FEED_SIZE) }));
    setTimeout(() => set((s) => ({ gifts: s.gifts.filter((g) => g.key !== key) })), GIFT_SHOWN_MS);
  },
}));
