import { useId } from 'react';
import { useTheme } from '@mui/material';
import { formatCount, formatNumber, type DailyGames } from '@dond/shared';
import { dailyChart } from './format';

const WIDTH = 720;
const HEIGHT = 220;

/** Games per day as bars, drawn in SVG: each bar's tooltip gives the day, the games and the coins won. */
export function DailyGamesChart({ days }: { days: DailyGames }) {
  const theme = useTheme();
  const titleId = useId();
  const chart = dailyChart(days, WIDTH, HEIGHT);
  const { plot } = chart;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ display: 'block', maxHeight: HEIGHT * 1.5 }}
    >
      <title id={titleId}>
        {`Games per day, last ${formatCount(days.length, 'day')}: ${formatCount(chart.totalGames, 'game')}`}
      </title>
      {chart.yTicks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={plot.left}
            x2={plot.right}
            y1={tick.y}
            y2={tick.y}
            stroke={theme.palette.divider}
            strokeDasharray={tick.value === 0 ? undefined : '3 3'}
          />
          <text
            x={plot.left - 6}
            y={tick.y}
            textAnchor="end"
            dominantBaseline="middle"
            fontSize={11}
            fill={theme.palette.text.secondary}
          >
            {formatNumber(tick.value)}
          </text>
        </g>
      ))}
      {chart.bars.map((bar) => (
        <rect
          key={bar.day}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={Math.max(bar.height, bar.games > 0 ? 1 : 0)}
          rx={2}
          fill={theme.palette.primary.main}
        >
          <title>{bar.label}</title>
        </rect>
      ))}
      {chart.xLabels.map((label) => (
        <text
          key={label.text}
          x={label.x}
          y={plot.bottom + 18}
          textAnchor="middle"
          fontSize={11}
          fill={theme.palette.text.secondary}
        >
          {label.text}
        </text>
      ))}
    </svg>
  );
}
