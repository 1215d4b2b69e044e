import {
  formatCoins,
  formatCount,
  formatNumber,
  type DailyGames,
  type GameOutcome,
  type GameStats,
} from '@dond/shared';

/** SPEC 2's outcome words: 'Banker Accepted' in the Top 10, the shorter 'Banker' in the history. */
export function outcomeLabel(outcome: GameOutcome, table: 'top' | 'history'): string {
  if (outcome === 'won') return 'Won';
  return table === 'top' ? 'Banker Accepted' : 'Banker';
}

const MEDALS = ['🥇', '🥈', '🥉'] as const;

/** The Top 10's rank: a medal with the number for the first three, the number alone after. */
export function rankMark(rank: number): string {
  const medal = MEDALS[rank - 1];
  return medal ? `${medal} ${rank}` : String(rank);
}

/** A played-at time in the admin's own locale and time zone. */
export function formatPlayedAt(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export interface StatCard {
  label: string;
  value: string;
}

/**
 * The six cards of SPEC 2. 'Games This Session' counts the games the history lists: the server pages the
 * history, so that is its total, not the rows on screen.
 */
export function statCards(stats: GameStats, gamesListed: number): StatCard[] {
  return [
    { label: 'Total Games Played', value: formatNumber(stats.totalGames) },
    { label: 'Total Players', value: formatNumber(stats.totalPlayers) },
    { label: 'Average Winnings', value: formatCoins(Math.round(stats.averageWinnings)) },
    { label: 'Banker Acceptance Rate', value: formatPercent(stats.bankerAcceptanceRate) },
    {
      label: 'Most Popular First Case',
      value: stats.mostCommonFirstCase === null ? '—' : `#${stats.mostCommonFirstCase}`,
    },
    { label: 'Games This Session', value: formatNumber(gamesListed) },
  ];
}

/** A percentage with at most one decimal: 33.33 -> '33.3%', 50 -> '50%'. */
export function formatPercent(percent: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(percent)}%`;
}

export interface ChartBar {
  day: string;
  games: number;
  totalWinnings: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** What the bar's tooltip and the screen reader say. */
  label: string;
}

export interface DailyChart {
  width: number;
  height: number;
  /** The plot area inside the axes. */
  plot: { left: number; top: number; right: number; bottom: number };
  bars: ChartBar[];
  /** Horizontal grid lines, 0 at the bottom. */
  yTicks: Array<{ value: number; y: number }>;
  /** Day labels under the axis: the first, the last and about one a week between. */
  xLabels: Array<{ x: number; text: string }>;
  totalGames: number;
}

/** The smallest 1, 2 or 5 times a power of ten that is at least `value / 4`: four even steps up the axis. */
export function niceStep(max: number): number {
  if (max <= 4) return 1;
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough)!;
}

/** 'Jun 1' for '2025-06-01': the day as the server counted it (UTC), month and day only. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Lays out the games-per-day bar chart in an SVG of `width` x `height`. */
export function dailyChart(days: DailyGames, width: number, height: number): DailyChart {
  const plot = { left: 40, top: 12, right: width - 8, bottom: height - 28 };
  const max = Math.max(0, ...days.map((d) => d.games));
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const scale = (value: number) => plot.bottom - (value / top) * (plot.bottom - plot.top);
  const slot = days.length === 0 ? 0 : (plot.right - plot.left) / days.length;
  const barWidth = Math.max(1, slot * 0.7);
  const bars = days.map((d, i) => {
    const y = scale(d.games);
    return {
      ...d,
      x: plot.left + i * slot + (slot - barWidth) / 2,
      y,
      width: barWidth,
      height: plot.bottom - y,
      label: `${shortDay(d.day)}: ${formatCount(d.games, 'game')}, ${formatCoins(d.totalWinnings)} won`,
    };
  });
  const yTicks = [];
  for (let value = 0; value <= top; value += step) yTicks.push({ value, y: scale(value) });
  const every = Math.max(1, Math.round(days.length / 5));
  const xLabels = days
    .map((d, i) => ({ i, x: plot.left + i * slot + slot / 2, text: shortDay(d.day) }))
    .filter(({ i }) => i === days.length - 1 || (i % every === 0 && days.length - 1 - i >= every / 2))
    .map(({ x, text }) => ({ x, text }));
  return {
    width,
    height,
    plot,
    bars,
    yTicks,
    xLabels,
    totalGames: days.reduce((sum, d) => sum + d.games, 0),
  };
}
