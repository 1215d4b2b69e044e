import type { Gift } from '@dond/shared';
import type { Container, Graphics } from 'pixi.js';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Rect } from '../layout';
import { useGame } from '../../game/GameProvider';
import { motion } from '../motion/motion';
import { useTweens } from './useTweens';

/** One bar sweeping across a row as its value is struck off, then fading (the row's own strike stays). */
function StrikeSweep({ row, onDone }: { row: Rect; onDone: () => void }) {
  const bar = useRef<Container>(null);
  const tween = useTweens();
  const [T] = useState(() => motion().valueStrike);
  useLayoutEffect(() => {
    const c = bar.current;
    if (!c) return;
    c.scale.x = 0;
    tween(c.scale, { x: 1, duration: T.sweep.duration, ease: T.sweep.ease });
    tween(c, { alpha: 0, duration: T.fade.duration, delay: T.fade.delay, onComplete: onDone });
  }, []);
  const height = Math.max(2, row.height * T.thickness);
  const draw = useCallback(
    (g: Graphics) => {
      g.clear();
      g.roundRect(0, -height / 2, row.width, height, height / 2).fill(parseInt(T.color.slice(1), 16));
    },
    [row.width, height, T.color],
  );
  return (
    <pixiContainer ref={bar} x={row.x} y={row.y + row.height / 2}>
      <pixiGraphics draw={draw} />
    </pixiContainer>
  );
}

/**
 * The value-strike animation of a value board: a sweep over the row whose value was just struck off.
 */
export function StrikeSweeps({
  rows,
  gifts,
  eliminated,
}: {
  rows: readonly Rect[];
  gifts: readonly Gift[];
  eliminated: ReadonlySet<number>;
}) {
  const gameId = useGame((s) => s.game.clientGameId);
  const seen = useRef({ eliminated, gameId });
  const [sweeps, setSweeps] = useState<Array<{ key: string; index: number }>>([]);
  useLayoutEffect(() => {
    const { eliminated: before, gameId: beforeGame } = seen.current;
    seen.current = { eliminated, gameId };
    // One value struck, as a case opens; a board shown as it stands (a stage joining, a new game, a state
    // skipped) sweeps nothing.
    const one = beforeGame === gameId && eliminated.size === before.size + 1;
    const fresh = gifts.flatMap((g, index) =>
      one && eliminated.has(g.id) && !before.has(g.id) ? [{ key: `${g.id}:${eliminated.size}`, index }] : [],
    );
    if (fresh.length) setSweeps((now) => [...now, ...fresh]);
    else if (eliminated.size < before.size) setSweeps([]);
  }, [eliminated, gifts, gameId]);
  return (
    <>
      {sweeps.map(({ key, index }) =>
        rows[index] ? (
          <StrikeSweep
            key={key}
            row={rows[index]}
            onDone={() => setSweeps((now) => now.filter((s) => s.key !== key))}
          />
        ) : null,
      )}
    </>
  );
}
