import { create } from 'zustand';

/** SPEC §9: messages stay on screen for 2500 ms. */
export const toastDurationMs = 2500;

/** At most this many toasts are kept, so a burst of failures cannot fill the screen. */
const toastCountMax = 4;

export type ToastTone = 'error' | 'warning' | 'success' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  show(tone: ToastTone, message: string, durationMs?: number): void;
  dismiss(id: number): void;
}

let nextToastId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(tone, message, durationMs = toastDurationMs) {
    const id = nextToastId++;
    // The same message again replaces the one on screen, so repeated failures do not pile up.
    const others = get().toasts.filter((toast) => toast.tone !== tone || toast.message !== message);
    set({ toasts: [...others, { id, tone, message }].slice(-toastCountMax) });
    setTimeout(() => get().dismiss(id), durationMs);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

/** Shows a toast from outside React (API client, flows). */
export function showToast(tone: ToastTone, message: string): void {
  useToastStore.getState().show(tone, message);
}
