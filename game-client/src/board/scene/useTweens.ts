import { useEffect, useState } from 'react';
import { createTweenOwner } from '../stage';

/** This component's tweens; all are killed when it unmounts. */
export function useTweens() {
  const [owner] = useState(createTweenOwner);
  useEffect(() => () => owner.killAll(), [owner]);
  return owner.tween;
}
