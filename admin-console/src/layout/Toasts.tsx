import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { TOAST_DEFAULT_DURATION_MS } from '@dond/shared';

/** A toast as SPEC 3 has it: a title, a description, and the default or destructive variant. */
export interface Toast {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const ToastContext = createContext<((toast: Toast) => void) | null>(null);

/**
 * The console's toasts: SPEC 8's title over its description, bottom centre, 5 s, one at a time (SPEC 9): a new
 * toast replaces the one on show rather than queueing behind it, so each action's answer shows at once.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(Toast & { id: number }) | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((toast: Toast) => {
    setCurrent((last) => ({ ...toast, id: (last?.id ?? 0) + 1 }));
    setOpen(true);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={TOAST_DEFAULT_DURATION_MS}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          onClose={(_event, reason) => {
            if (reason !== 'clickaway') setOpen(false);
          }}
        >
          <Alert
            variant="filled"
            severity={current.variant === 'destructive' ? 'error' : 'success'}
            onClose={() => setOpen(false)}
            sx={{ minWidth: 320 }}
          >
            <AlertTitle>{current.title}</AlertTitle>
            {current.description}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}

/** Shows a toast; inside ToastProvider (every admin screen is). */
export function useToast(): (toast: Toast) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used within a ToastProvider');
  return show;
}
