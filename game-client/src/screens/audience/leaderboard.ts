import type { AudienceLeaderboard } from '@dond/shared';

/** One board of the stage's leaderboards, as a slide: its rows, best first, and what it is called. */
export interface LeaderboardSlide {
  id: `${'game' | 'stream'}-${'voters' | 'gifters'}`;
  title: 'Top voters' | 'Top gifters';
  scope: 'This game' | 'This stream';
  unit: 'votes' | 'diamonds';
  rows: Array<{ viewerName: string; score: number }>;
}

/** Rows a slide shows: three keep a board short enough for the stage's corner at 28 px a line. */
export const LEADERBOARD_ROWS = 3;
/** How long each board shows before the next. */
export const LEADERBOARD_SLIDE_MS = 6000;

/**
 * The boards worth showing, in the order the stage shows them (the game's voters and gifters, then the stream's),
 * each cut to `rows`; an empty board is left out, so a stream without gifts never shows an empty 'Top gifters'.
 */
export function leaderboardSlides(
  board: AudienceLeaderboard | null,
  rows = LEADERBOARD_ROWS,
): LeaderboardSlide[] {
  if (!board) return [];
  const slides: LeaderboardSlide[] = [];
  for (const scope of ['game', 'stream'] as const) {
    const { voters, gifters } = board[scope];
    const scopeName = scope === 'game' ? 'This game' : 'This stream';
    slides.push({
      id: `${scope}-voters`,
      title: 'Top voters',
      scope: scopeName,
      unit: 'votes',
      rows: voters.slice(0, rows).map((r) => ({ viewerName: r.viewerName, score: r.votes })),
    });
    slides.push({
      id: `${scope}-gifters`,
      title: 'Top gifters',
      scope: scopeName,
      unit: 'diamonds',
      rows: gifters.slice(0, rows).map((r) => ({ viewerName: r.viewerName, score: r.diamonds })),
    });
  }
  return slides.filter((s) => s.rows.length > 0);
}

/**
 * Which slide shows at `tick` (one tick per LEADERBOARD_SLIDE_MS), or null for none. `restTicks` empty ticks after
 * each round leave what the panel covers in view for a while (the portrait stage has no free corner for it).
 */
export function slideAt(count: number, tick: number, restTicks = 0): number | null {
  if (count === 0) return null;
  const i = tick % (count + restTicks);
  return i < count ? i : null;
}

/** Where the leaderboards cover the board: empty ticks after each round of boards (12 s at 6 s a tick). */
export const LEADERBOARD_REST_TICKS = 2;
