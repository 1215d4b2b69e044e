import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from '@dond/shared';
import * as Toast from '@radix-ui/react-toast';
import { useToastStore } from './toastStore';

/** Radix Toast: one at a time, bottom centre, swipe right past 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
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
      <Toast.Viewport className="toast-viewport" hotkey={[TOAST_HOTKEY]} />
    </Toast.Provider>
  );
}
