/** The browser storage keys the client reads before React starts (boardEntry.ts) as well as after. */

/** sessionStorage: '1' while this tab plays as a guest. */
export const GUEST_KEY = 'dond.guest';
/** localStorage: '1' when the player landed on the board last time (signed in, or a guest). */
export const BOARD_LIKELY_KEY = 'dond.boardLikely';
/** localStorage: the view mode the player chose ('desktop', 'tablet', 'mobile'); absent until they choose. */
export const VIEW_MODE_KEY = 'dond.viewMode';

/**
 * window property: the session reads the page's head started for a player likely to land on the board
 * (boardPreload.ts writes them, api/early.ts takes them), as `{ me, gifts, liveGame, tuning }` fetch promises.
 */
export const EARLY_READS_GLOBAL = '__dondEarlyReads';
/** The published animation tuning (issue 19), read by every board and stage. */
export const TUNING_URL = '/api/tuning';
/** The reads: the session check, the signed-in player's gift set, and their game in progress. */
export const ME_URL = '/api/auth/me';
export const CUSTOM_GIFTS_URL = '/api/gifts/custom';
export const CURRENT_LIVE_GAME_URL = '/api/live-games/current';
/**
 * localStorage: where the board's box sat on the game screen last time, with the window's size and the view
 * mode then (`{"vw","vh","mode","x","y","w","h"}` in CSS pixels): a board drawn before the app goes there.
 */
export const BOARD_BOX_KEY = 'dond.boardBox';
