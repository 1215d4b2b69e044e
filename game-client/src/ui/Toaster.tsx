import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@dond/shared';
import * as Toast from '@radix-ui/react-toast';
import { createPortal } from 'react-dom';
import { useToastSlot } from './toastSlot';
import { useToastStore } from './toastStore';

/**
 * Radix Toast: one at a time, swipe right past 50 px to dismiss, F8 focuses the region. Bottom centre of the
 * page, or over the board's value boards while the board is up (its slot; decision 0018).
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const slot = useToastSlot((s) => s.element);
  const viewport = <Toast.Viewport className="toast-viewport" hotkey={[TOAST_HOTKEY]} />;
  return (
    <Toast.Provider
      duration={TOAST_DEFAULT_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notifications"
    >
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={`toast toast-${t.variant ?? 'default'}`}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <Toast.Title className="toast-title">{t.title}</Toast.Title>
          {t.description && (
            <Toast.Description className="toast-description">{t.description}</Toast.Description>
          )}
          <Toast.Close className="toast-close" aria-label="Close">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      {slot ? createPortal(viewport, slot) : viewport}
    </Toast.Provider>
  );
}
