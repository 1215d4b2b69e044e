import { useEffect, useLayoutEffect, useState } from 'react';
import { requestRender, whenBoardIdle } from '../stage';

/** Every commit of a scene component changes what the canvas shows: draw one frame after it. */
export function useFrameOnCommit(): void {
  useLayoutEffect(() => {
    requestRender();
  });
}

/** False until the board's first frame is drawn and the page was idle after it (see whenBoardIdle), then true. */
export function useBoardIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenBoardIdle(() => setIdle(true)), []);
  return idle;
}
