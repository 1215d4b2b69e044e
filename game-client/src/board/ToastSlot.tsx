import { useCallback } from 'react';
import { useToastSlot } from '../ui/toastSlot';
import type { Rect } from './layout';

/**
 * The box the DOM toasts show in while the board is up, in board coordinates (inside the turned page on
 * mobile, so the toasts turn with the board). The layout keeps it clear of every case and control.
 */
export function ToastSlot({ area }: { area: Rect }) {
  const ref = useCallback((element: HTMLDivElement | null) => {
    useToastSlot.setState({ element });
  }, []);
  return (
    <div
      ref={ref}
      className="toast-slot"
      style={{ left: area.x, top: area.y, width: area.width, height: area.height }}
    />
  );
}
