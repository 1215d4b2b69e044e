import { useLayoutEffect } from 'react';
import { requestRender } from '../stage';

/** Every commit of a scene component changes what the canvas shows: draw one frame after it. */
export function useFrameOnCommit(): void {
  useLayoutEffect(() => {
    requestRender();
  });
}
