import { useEffect, useLayoutEffect, useState } from 'react';
import { requestRender, whenFirstFrameDrawn } from '../stage';

/** Every commit of a scene component changes what the canvas shows: draw one frame after it. */
export function useFrameOnCommit(): void {
  useLayoutEffect(() => {
    requestRender();
  });
}

/** False until the board's first frame is drawn (see whenFirstFrameDrawn), then true for good. */
export function useFirstFrameDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => whenFirstFrameDrawn(() => setDrawn(true)), []);
  return drawn;
}
