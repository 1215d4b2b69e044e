import { describe, expect, it } from 'vitest';
import type { GameStats } from '@dond/shared';
import { dailyChart, formatPercent, niceStep, outcomeLabel, rankMark, shortDay, statCards } from './format';

const STATS: GameStats = {
  totalGames: 1234,
  totalPlayers: 56,
  averageWinnings: 4321.49,
  bankerAcceptanceRate: 33.33,
  mostCommonFirstCase: 7,
  topWinnings: [],
};

describe('statistics formatting', () => {
  it('outcomes in SPEC 2 words, per table', () => {
    expect(outcomeLabel('won', 'top')).toBe('Won');
    expect(outcomeLabel('banker_accepted', 'top')).toBe('Banker Accepted');
    expect(outcomeLabel('won', 'history')).toBe('Won');
    expect(outcomeLabel('banker_accepted', 'history')).toBe('Banker');
  });

  it('medals for the top three only', () => {
    expect([1, 2, 3, 4, 10].map(rankMark)).toEqual(['🥇 1', '🥈 2', '🥉 3', '4', '10']);
  });

  it('the six cards in SPEC 2 order, coins with the coin symbol', () => {
    expect(statCards(STATS, 1234)).toEqual([
      { label: 'Total Games Played', value: '1,234' },
      { label: 'Total Players', value: '56' },
      { label: 'Average Winnings', value: '🪙 4,321' },
      { label: 'Banker Acceptance Rate', value: '33.3%' },
      { label: 'Most Popular First Case', value: '#7' },
      { label: 'Games This Session', value: '1,234' },
    ]);
    const empty = statCards(
      { ...STATS, totalGames: 0, mostCommonFirstCase: null, bankerAcceptanceRate: 0 },
      0,
    );
    expect(empty.map((c) => c.value)).toEqual(['0', '56', '🪙 4,321', '0%', '—', '0']);
    expect(formatPercent(50)).toBe('50%');
  });
});

describe('the games-per-day chart', () => {
  const days = (counts: number[]) =>
    counts.map((games, i) => ({
      day: `2025-06-${String(i + 1).padStart(2, '0')}`,
      games,
      totalWinnings: games * 100,
    }));

  it('steps of 1, 2 or 5 times a power of ten', () => {
    expect([0, 3, 4, 5, 9, 17, 40, 41, 1000].map(niceStep)).toEqual([1, 1, 1, 2, 5, 5, 10, 20, 500]);
  });

  it('bars stand on the axis, the tallest reaching the top tick', () => {
    const chart = dailyChart(days([0, 3, 10, 1]), 400, 200);
    const { bottom, top } = chart.plot;
    expect(chart.bars.map((b) => b.y + b.height)).toEqual([bottom, bottom, bottom, bottom]);
    expect(chart.bars[0]!.height).toBe(0);
    expect(chart.yTicks.map((t) => t.value)).toEqual([0, 5, 10]);
    expect(chart.bars[2]!.y).toBeCloseTo(top);
    expect(chart.bars[1]!.height / chart.bars[2]!.height).toBeCloseTo(0.3);
    expect(chart.totalGames).toBe(14);
    expect(chart.bars[3]!.label).toBe('Jun 4: 1 game, 🪙 100 won');
    expect(chart.bars[1]!.label).toBe('Jun 2: 3 games, 🪙 300 won');
  });

  it('bars left to right in day order, inside the plot, never overlapping', () => {
    const chart = dailyChart(days(Array.from({ length: 30 }, (_, i) => i % 7)), 600, 220);
    for (const [i, bar] of chart.bars.entries()) {
      expect(bar.x).toBeGreaterThanOrEqual(chart.plot.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(chart.plot.right + 1e-9);
      if (i > 0) expect(bar.x).toBeGreaterThan(chart.bars[i - 1]!.x + chart.bars[i - 1]!.width);
    }
  });

  it('a week of empty days still has an axis', () => {
    const chart = dailyChart(days([0, 0, 0, 0, 0, 0, 0]), 300, 150);
    expect(chart.yTicks.map((t) => t.value)).toEqual([0, 1]);
    expect(chart.bars.every((b) => b.height === 0)).toBe(true);
  });

  it('labels the first and last day and a few between, without crowding', () => {
    const chart = dailyChart(days(Array.from({ length: 30 }, () => 1)), 600, 220);
    expect(chart.xLabels[0]!.text).toBe('Jun 1');
    expect(chart.xLabels.at(-1)!.text).toBe('Jun 30');
    expect(chart.xLabels.length).toBeGreaterThanOrEqual(4);
    expect(chart.xLabels.length).toBeLessThanOrEqual(7);
    expect(shortDay('2025-12-31')).toBe('Dec 31');
  });
});
