import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@dond/shared';
import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long it shows, in ms; the provider's 5000 ms when absent. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  show(input: ToastInput): string;
  dismiss(id: string): void;
}

let counter = 0;
const removals = new Map<string, ReturnType<typeof setTimeout>>();

/** SPEC.md section 9: at most one toast at a time; a dismissed one is removed after 1,000,000 ms. */
export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  show(input) {
    const id = String(++counter);
    set((state) => ({ toasts: [{ ...input, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss(id) {
    set((state) => ({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, open: false } : t)) }));
    if (removals.has(id)) return;
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        set({ toasts: get().toasts.filter((t) => t.id !== id) });
      }, TOAST_REMOVE_DELAY_MS),
    );
  },
}));

/** Shows a toast from anywhere: toast({ title, description, variant, duration }). */
export const toast = (input: ToastInput) => useToastStore.getState().show(input);
