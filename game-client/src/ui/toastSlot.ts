import { create } from 'zustand';

/**
 * Where the toasts show. By default at the bottom of the page; while the board is up, in a box over its value
 * boards (board/ToastSlot.tsx), so no toast covers a case or a control the game needs (decision 0018).
 */
export const useToastSlot = create<{ element: HTMLElement | null }>(() => ({ element: null }));
