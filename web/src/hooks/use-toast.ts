import { useSyncExternalStore } from 'react';
import type { ToastOptions } from '@/components/ui/toast-options';

// Showing a toast is a call any page can make; the toast list and Radix's toaster load with
// the first one (see components/ui/lazy-toaster), so a page that never shows one never loads them.

const store = () => import('@/components/ui/toast-store');

let started = false;
const listeners = new Set<() => void>();

export function toast(options: ToastOptions) {
  if (!started) {
    started = true;
    for (const listener of listeners) listener();
  }
  void store().then(({ show }) => show(options));
}

/** Closes one toast, or all of them. */
export function dismiss(id?: string) {
  if (started) void store().then((toasts) => toasts.dismiss(id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast has been shown on this page yet. */
export function useToastsStarted() {
  return useSyncExternalStore(
    subscribe,
    () => started,
    () => false,
  );
}

export function useToast() {
  return { toast, dismiss };
}
