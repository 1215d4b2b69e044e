/** The browser storage keys the client reads before React starts (boardEntry.ts) as well as after. */

/** sessionStorage: '1' while this tab plays as a guest. */
export const GUEST_KEY = 'dond.guest';
/** localStorage: '1' when the player landed on the board last time (signed in, or a guest). */
export const BOARD_LIKELY_KEY = 'dond.boardLikely';
/** localStorage: the view mode the player chose ('desktop', 'tablet', 'mobile'); absent until they choose. */
export const VIEW_MODE_KEY = 'dond.viewMode';

/**
 * window property: the session reads the page's head started for a player likely to land on the board
 * (boardPreload.ts writes them, api/early.ts takes them), as `{ me, gifts }` fetch promises.
 */
export const EARLY_READS_GLOBAL = '__dondEarlyReads';
/** The two reads: the session check, and the signed-in player's gift set. */
export const ME_URL = '/api/auth/me';
export const CUSTOM_GIFTS_URL = '/api/gifts/custom';
